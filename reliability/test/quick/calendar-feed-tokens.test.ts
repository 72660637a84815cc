// Issue 19 (decisions D11), suite 13: the calendar feed's token is the only key to it. Three
// users with records of their own (each title carries their marker); then GET
// /calendar/{token}.ics with tokens nobody was given: unknown and well-formed, malformed,
// over-long (10 kB), percent-encoded, path-traversal-like, rotated away, and every token that
// differs from a real one by one character. Each answers 404 in FastAPI's shape with nothing of
// any user's in it; each real token (also with a character percent-encoded, the same URL) opens
// exactly its owner's feed.
import { signInAs } from "@life-admin/api/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { eventsOf, feedTokenOf, unfolded } from "../../src/calendar-feed.js";
import { printFigures, Tally } from "../../src/figures.js";
import { exchange, type Exchange } from "../../src/http-exchange.js";
import { assertProperty } from "../../src/property.js";
import { seeded, settings } from "../../src/settings.js";

const USERS = 3;
const GENERATED_TOKENS = 300;
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

interface Owner {
  access: string;
  marker: string;
  token: string;
  /** Tokens this user's feed had before rotations. */
  rotatedAway: string[];
  taskIds: number[];
}

let api: ApiOnLoopback;
const owners: Owner[] = [];
const statuses = new Tally();
let sent = 0;

async function call(access: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${access}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`set-up ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** GET of a feed path as a calendar app sends it: the path exactly as written, no header. */
async function getFeed(pathToken: string): Promise<Exchange> {
  sent += 1;
  const answer = await exchange(api.url, {
    method: "GET",
    path: `/calendar/${pathToken}.ics`,
    query: "",
    headers: [],
    body: null,
  });
  statuses.add(answer.status);
  return answer;
}

/**
 * The 404s a feed path may get: the feed route's, or the router's for a path it does not take
 * (`/calendar/.ics`, a token with an encoded slash).
 */
const NO_FEED = [{ detail: "Calendar feed not found" }, { detail: "Not Found" }];

/** A 404 in FastAPI's shape that says nothing of anyone's. */
function expectNoFeed(answer: Exchange, tried: string) {
  const shown = `${tried.slice(0, 80)} (${tried.length} chars): ${answer.status} ${answer.text.slice(0, 200)}`;
  expect(answer.status, shown).toBe(404);
  expect(answer.headers.get("content-type") ?? "", shown).toMatch(/^application\/json/);
  expect(NO_FEED, shown).toContainEqual(
    answer.json !== null && "value" in answer.json ? answer.json.value : null,
  );
  for (const owner of owners) {
    expect(unfolded(answer.text).includes(owner.marker), shown).toBe(false);
    expect(answer.text.includes(owner.token), shown).toBe(false);
  }
}

/** Every token one character away from `token`: each place replaced, dropped, or one added. */
function oneCharacterAway(token: string): string[] {
  const near = new Set<string>();
  for (let i = 0; i < token.length; i += 1) {
    near.add(token.slice(0, i) + token.slice(i + 1));
    for (const ch of BASE64URL) {
      if (ch !== token[i]) near.add(token.slice(0, i) + ch + token.slice(i + 1));
    }
  }
  near.add(`${token}A`);
  near.add(`A${token}`);
  near.delete(token);
  return [...near];
}

beforeAll(async () => {
  api = await startApiOnLoopback();
  for (let n = 0; n < USERS; n += 1) {
    const { access_token: access } = (await signInAs(api.deps)).tokens;
    const marker = `«feed-owner-${n}»`;
    const taskIds: number[] = [];
    for (const frequency of ["Once", "Monthly"]) {
      const task = await call(access, "POST", "/tasks/", {
        title: `${marker} ${frequency} task`,
        due_date: "2030-01-31T09:00:00Z",
        frequency,
      });
      taskIds.push(Number(task.id));
    }
    await call(access, "POST", "/subscriptions/", {
      name: `${marker} subscription`,
      next_renewal_date: "2030-01-31",
      cost: 9.99,
      frequency: "Monthly",
    });
    // Two rotations: the first two URLs are dead, the third is the feed's.
    const rotatedAway: string[] = [];
    let feed = await call(access, "GET", "/calendar/feed");
    for (let r = 0; r < 2; r += 1) {
      rotatedAway.push(feedTokenOf(String(feed.url)));
      feed = await call(access, "POST", "/calendar/feed/rotate");
    }
    owners.push({ access, marker, token: feedTokenOf(String(feed.url)), rotatedAway, taskIds });
  }
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 13 calendar feed tokens", {
    seed: settings.seed,
    users: USERS,
    requests: sent,
    statuses: statuses.counts,
  });
});

describe(seeded("suite 13: calendar feed tokens"), () => {
  it("a real token opens exactly its owner's feed, and nobody else's", async () => {
    for (const owner of owners) {
      // Its first character percent-encoded is the same URL (RFC 3986, 6.2.2.2): the same feed.
      const encoded = `%${owner.token.charCodeAt(0).toString(16).toUpperCase()}${owner.token.slice(1)}`;
      for (const answer of [await getFeed(owner.token), await getFeed(encoded)]) {
        expect(answer.status, answer.text.slice(0, 200)).toBe(200);
        expect(eventsOf(answer.text).every((e) => e.summary.includes(owner.marker))).toBe(true);
      }
      const answer = await getFeed(owner.token);
      expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(answer.headers.get("cache-control")).toMatch(/\bprivate\b/);
      expect(answer.headers.get("x-robots-tag")).toBe("noindex");
      const summaries = eventsOf(answer.text)
        .map((event) => event.summary)
        .sort();
      expect(summaries).toEqual(
        [
          `${owner.marker} Monthly task`,
          `${owner.marker} Once task`,
          `Renewal: ${owner.marker} subscription ($9.99)`,
        ].sort(),
      );
      for (const someoneElse of owners.filter((o) => o !== owner)) {
        expect(unfolded(answer.text).includes(someoneElse.marker)).toBe(false);
      }
      // A calendar app's poll with the ETag: 304, nothing in it.
      const again = await exchange(api.url, {
        method: "GET",
        path: `/calendar/${owner.token}.ics`,
        query: "",
        headers: [["If-None-Match", answer.headers.get("etag") ?? ""]],
        body: null,
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    }
  });

  it("rotated tokens answer 404", async () => {
    for (const owner of owners) {
      for (const token of owner.rotatedAway) expectNoFeed(await getFeed(token), token);
    }
  });

  it("every token one character away from a real one answers 404", async () => {
    const owner = owners[0];
    if (owner === undefined) throw new Error("no owner");
    const near = oneCharacterAway(owner.token);
    // 43 places x 63 others, 43 deletions and 2 insertions.
    expect(near.length).toBeGreaterThan(2_700);
    for (const token of near) expectNoFeed(await getFeed(token), token);
  });

  it("hand-picked malformed, encoded, traversal-like and over-long tokens answer 404", async () => {
    const real = owners[0]?.token ?? "";
    const other = owners[1]?.token ?? "";
    const tokens = [
      "",
      "x",
      "A".repeat(43),
      "A".repeat(42),
      "A".repeat(44),
      "=".repeat(43),
      `${real.slice(0, 42)}=`,
      real.toLowerCase(),
      real.toUpperCase(),
      `${real}%00`,
      `${real.slice(0, 20)}%00${real.slice(21)}`,
      encodeURIComponent(`${real}/`),
      `${real}.ics`,
      `${real}%2Eics`,
      `${real};${other}`,
      `${real},${other}`,
      `${real}${other}`,
      "..",
      "%2e%2e",
      "%2e%2e%2f%2e%2e%2fusers%2fme",
      "..%2F..%2Ftasks%2F",
      `..%2F${real}`,
      "%2F",
      "%",
      "%ZZ",
      "%ED%A0%80",
      "%C0%AF",
      "feed",
      "{token}",
      "*",
      `${real}\u200b`.replace("\u200b", "%E2%80%8B"),
      "x".repeat(10_000),
      real.repeat(240),
    ];
    for (const token of tokens) expectNoFeed(await getFeed(token), token);
  });

  it(`${GENERATED_TOKENS} generated tokens nobody was given answer 404`, async () => {
    const token = fc.oneof(
      // Well-formed: 43 base64url characters, as a guesser would send.
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
      // Any text at all, percent-encoded as a client would put it in a path.
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).map(encodeURIComponent),
      fc.integer({ min: 1000, max: 12_000 }).map((n) => "t".repeat(n)),
    );
    const check = async (t: string) => {
      expectNoFeed(await getFeed(t), t);
    };
    await assertProperty(token, check, {
      seed: settings.seed,
      numRuns: GENERATED_TOKENS,
    });
  });

  it("another user's GET /tasks/{id}/ics answers 404", async () => {
    const [first, second] = owners;
    if (first === undefined || second === undefined) throw new Error("no owners");
    for (const id of first.taskIds) {
      const answer = await exchange(api.url, {
        method: "GET",
        path: `/tasks/${id}/ics`,
        query: "",
        headers: [["Authorization", `Bearer ${second.access}`]],
        body: null,
      });
      expect(answer.status).toBe(404);
      expect(answer.json !== null && "value" in answer.json ? answer.json.value : null).toEqual({
        detail: "Task not found",
      });
      expect(unfolded(answer.text).includes(first.marker)).toBe(false);
    }
  });
});
