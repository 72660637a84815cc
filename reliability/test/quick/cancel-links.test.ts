// Issue 8, suite 6 (the API half): a cancel link is an absolute http(s) address and nothing else
// (decisions D3/D4, spec 5). Every scheme and disguise a browser might run or follow elsewhere is
// a 422 naming cancel_link, and nothing is stored; generated links are accepted exactly when the
// domain's isHttpUrl accepts them. A bad link written straight into the database is returned by
// GET /subscriptions/ as stored (the contract's cancel_link is "whatever is stored"), and the
// domain's safeLink, through which the web app renders it, turns it into no link at all; the
// browser half of this check belongs to the e2e workspace.
import { signInAs, tables } from "@life-admin/api/testing";
import { CANCEL_LINK_MESSAGE, isHttpUrl, safeLink } from "@life-admin/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures, Tally } from "../../src/figures.js";
import { exchange } from "../../src/http-exchange.js";
import { seeded, settings } from "../../src/settings.js";

const HOSTILE_LINKS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "JAVASCRIPT:alert(1)",
  "\u0001javascript:alert(1)",
  "\u001fjavascript:alert(1)",
  "\u0008javascript:alert(1)",
  "\u00a0javascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "\ufeffjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:alert(1)",
  "javascript://%0aalert(1)",
  "javascript&colon;alert(1)",
  "ｊavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://example.com/0f3c",
  "mailto:cancel@example.com",
  "ftp://example.com/cancel",
  "//evil.example/cancel",
  "\\\\evil.example\\cancel",
  "/\\evil.example/cancel",
  "https:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "https://",
  "/cancel",
  "./cancel",
  "../cancel",
  "cancel",
  "cancel.html",
  "?cancel=1",
  "#cancel",
  "www.example.com/cancel",
  "https://exa mple.com/",
  "https://example.com/\u2028cancel",
  " https://example.com/\tcancel",
];

const subscription = {
  name: "Netflix",
  next_renewal_date: "2026-02-28",
  cost: 10.99,
  frequency: "Monthly",
};

let api: ApiOnLoopback;
let token: string;
let userId: number;
const outcomes = new Tally();
let returnedAsStored: string[] = [];

async function create(cancelLink: unknown) {
  const answer = await exchange(api.url, {
    method: "POST",
    path: "/subscriptions/",
    query: "",
    headers: [
      ["Authorization", `Bearer ${token}`],
      ["Content-Type", "application/json"],
    ],
    body: { text: JSON.stringify({ ...subscription, cancel_link: cancelLink }), chunked: false },
  });
  outcomes.add(answer.status);
  const value = answer.json !== null && "value" in answer.json ? answer.json.value : undefined;
  return { status: answer.status, body: value as Record<string, unknown> & { detail?: unknown } };
}

async function list() {
  const answer = await exchange(api.url, {
    method: "GET",
    path: "/subscriptions/",
    query: "",
    headers: [["Authorization", `Bearer ${token}`]],
    body: null,
  });
  expect(answer.status).toBe(200);
  return (answer.json !== null && "value" in answer.json ? answer.json.value : []) as {
    id: number;
    cancel_link: string | null;
  }[];
}

beforeAll(async () => {
  api = await startApiOnLoopback();
  const signedIn = await signInAs(api.deps);
  token = signedIn.tokens.access_token;
  userId = signedIn.user.id;
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 6 cancel links (API)", {
    seed: settings.seed,
    hostile_links: HOSTILE_LINKS.length,
    statuses: outcomes.counts,
    bad_links_in_database_returned_as_stored: returnedAsStored.length,
  });
});

describe(seeded("suite 6: cancel links at the API"), () => {
  it(`refuses all ${HOSTILE_LINKS.length} hostile links with 422 on cancel_link, storing none`, async () => {
    const before = (await list()).length;
    const accepted: string[] = [];
    for (const link of HOSTILE_LINKS) {
      const { status, body } = await create(link);
      if (status !== 422) {
        accepted.push(`${JSON.stringify(link)}: ${status}`);
        continue;
      }
      const items = body.detail as { loc: unknown[]; msg: string }[];
      expect(items.map((i) => i.loc)).toEqual([["body", "cancel_link"]]);
      expect(items[0]?.msg).toBe(CANCEL_LINK_MESSAGE);
    }
    expect(accepted).toEqual([]);
    expect((await list()).length).toBe(before);
  });

  it("accepts a generated link exactly when it is a plain absolute http(s) URL (400 links)", async () => {
    const scheme = fc.constantFrom(
      "https://",
      "http://",
      "HTTPS://",
      "javascript:",
      "data:",
      "vbscript:",
      "//",
      "/",
      "",
      "https:",
    );
    const noise = fc.string({ unit: "binary-ascii", maxLength: 3 });
    const link = fc.oneof(
      fc.webUrl({
        validSchemes: ["http", "https"],
        withQueryParameters: true,
        withFragments: true,
      }),
      fc
        .tuple(
          noise,
          scheme,
          fc.webUrl().map((u) => u.replace(/^https?:\/\//, "")),
        )
        .map((parts) => parts.join("")),
      fc
        .tuple(fc.webUrl(), fc.nat(), fc.constantFrom("\t", "\n", "\u0001", " ", "\u007f", "\\"))
        .map(
          ([url, at, ch]) =>
            `${url.slice(0, at % (url.length + 1))}${ch}${url.slice(at % (url.length + 1))}`,
        ),
    );
    await fc.assert(
      fc.asyncProperty(link, async (candidate) => {
        const { status, body } = await create(candidate);
        const trimmed = candidate.trim();
        if (isHttpUrl(trimmed)) {
          expect(status).toBe(201);
          expect(body.cancel_link).toBe(trimmed);
          expect(safeLink(body.cancel_link as string)).toBe(trimmed);
        } else {
          expect(status).toBe(422);
        }
      }),
      { seed: settings.seed, numRuns: 400, endOnFailure: true },
    );
  });

  it("returns a bad link written straight into the database as stored; safeLink makes it no link", async () => {
    const written = [
      "javascript:alert(document.cookie)",
      "data:text/html,<b>x</b>",
      "//evil.example",
      "java\tscript:alert(1)",
    ];
    await api.deps.database.db.insert(tables.subscriptions).values(
      written.map((cancelLink, i) => ({
        userId,
        name: `Planted ${i}`,
        cost: 1,
        frequency: "Monthly" as const,
        nextRenewalDate: "2099-01-01",
        renewalAnchor: "2099-01-01",
        remindDaysBefore: 7,
        priority: "Medium" as const,
        cancelLink,
      })),
    );
    const listed = (await list()).map((s) => s.cancel_link);
    returnedAsStored = written.filter((link) => listed.includes(link));
    // What the API returns: the stored text, unchanged (a string, as the contract says).
    expect(returnedAsStored).toEqual(written);
    // What the web app renders it as: no link (the e2e workspace checks the page itself).
    for (const link of written) expect(safeLink(link)).toBeNull();
  });
});
