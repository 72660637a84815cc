// Issue 8, suite 4: refresh tokens over real HTTP (decisions D3). Rotation along long chains;
// reuse of any rotated token ends the whole sign-in, newest tokens included; two or more
// concurrent refreshes with one token have the documented outcome (exactly one rotation
// succeeds, the others count as reuse and end the sign-in) in every trial; logout ends a
// sign-in, also when it races a refresh. Runs on PostgreSQL too under scripts/with-postgres.sh,
// where the requests really run in parallel.
import { signInAs, tables } from "@life-admin/api/testing";
import { TokenSetSchema, type TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures, Tally } from "../../src/figures.js";
import { exchange } from "../../src/http-exchange.js";
import { settings } from "../../src/settings.js";

const CONCURRENT_TRIALS = 60;
const LOGOUT_RACE_TRIALS = 30;
const REUSE_RUNS = 25;

let api: ApiOnLoopback;
const outcomes = new Tally();
let requests = 0;

beforeAll(async () => {
  api = await startApiOnLoopback();
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 4 refresh", {
    seed: settings.seed,
    engine: settings.testDatabaseUrl === null ? "pglite" : "postgres",
    requests,
    outcomes: outcomes.counts,
  });
});

async function refresh(token: string, via: "query" | "body" = "query") {
  requests += 1;
  const answer = await exchange(api.url, {
    method: "POST",
    path: "/auth/refresh",
    query: via === "query" ? `refresh_token=${encodeURIComponent(token)}` : "",
    headers: [["Content-Type", "application/json"]],
    body:
      via === "body" ? { text: JSON.stringify({ refresh_token: token }), chunked: false } : null,
  });
  const detail = (
    answer.json !== null && "value" in answer.json
      ? (answer.json.value as { detail?: unknown }).detail
      : undefined
  ) as string | undefined;
  return {
    status: answer.status,
    detail: detail ?? "",
    tokens:
      answer.status === 200 && answer.json !== null && "value" in answer.json
        ? TokenSetSchema.parse(answer.json.value)
        : null,
  };
}

async function logout(refreshToken: string) {
  requests += 1;
  return exchange(api.url, {
    method: "POST",
    path: "/auth/logout",
    query: `refresh_token=${encodeURIComponent(refreshToken)}`,
    headers: [],
    body: null,
  });
}

async function me(accessToken: string): Promise<number> {
  requests += 1;
  const answer = await exchange(api.url, {
    method: "GET",
    path: "/users/me",
    query: "",
    headers: [["Authorization", `Bearer ${accessToken}`]],
    body: null,
  });
  return answer.status;
}

async function signInEnded(tokens: TokenSet): Promise<boolean> {
  const sid = String(decodeJwt(tokens.refresh_token).sid);
  const [row] = await api.deps.database.db
    .select({ revokedAt: tables.signIns.revokedAt })
    .from(tables.signIns)
    .where(eq(tables.signIns.id, sid));
  return row?.revokedAt !== null && row?.revokedAt !== undefined;
}

describe("suite 4: rotation", () => {
  it("rotates along a chain of 25 refreshes: every token new, every new access token accepted", async () => {
    let { tokens } = await signInAs(api.deps);
    const seen = new Set([tokens.refresh_token]);
    for (let i = 0; i < 25; i += 1) {
      const next = await refresh(tokens.refresh_token, i % 2 === 0 ? "query" : "body");
      expect(next.status, next.detail).toBe(200);
      tokens = next.tokens ?? tokens;
      expect(seen.has(tokens.refresh_token)).toBe(false);
      seen.add(tokens.refresh_token);
      expect(await me(tokens.access_token)).toBe(200);
    }
    outcomes.add("chain of 25 rotations");
  });
});

describe("suite 4: reuse of a rotated token ends the sign-in", () => {
  it(`ends it wherever in the chain the reused token was (${REUSE_RUNS} generated chains)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 6 })
          .chain((length) =>
            fc.record({ length: fc.constant(length), reused: fc.nat({ max: length - 1 }) }),
          ),
        async ({ length, reused }) => {
          const chain: TokenSet[] = [(await signInAs(api.deps)).tokens];
          for (let i = 0; i < length; i += 1) {
            const next = await refresh(chain[i]?.refresh_token ?? "");
            expect(next.status).toBe(200);
            if (next.tokens) chain.push(next.tokens);
          }
          const reuse = await refresh(chain[reused]?.refresh_token ?? "");
          expect(reuse.status).toBe(401);
          expect(reuse.detail).toContain("already used");
          const newest = chain.at(-1);
          if (!newest) throw new Error("empty chain");
          expect((await refresh(newest.refresh_token)).status).toBe(401);
          for (const set of chain) expect(await me(set.access_token)).toBe(401);
          expect(await signInEnded(newest)).toBe(true);
          outcomes.add("reuse ended the sign-in");
        },
      ),
      { seed: settings.seed, numRuns: REUSE_RUNS, endOnFailure: true },
    );
  });
});

describe("suite 4: concurrent refreshes with one token", () => {
  it(`have one outcome in all ${CONCURRENT_TRIALS} trials: one rotation, the rest reuse, the sign-in ended`, async () => {
    const racers = fc.sample(fc.integer({ min: 2, max: 4 }), {
      seed: settings.seed,
      numRuns: CONCURRENT_TRIALS,
    });
    for (const count of racers) {
      const { tokens } = await signInAs(api.deps);
      const results = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          refresh(tokens.refresh_token, i % 2 === 0 ? "query" : "body"),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      const losers = results.filter((r) => r.status !== 200);
      expect(winners).toHaveLength(1);
      for (const loser of losers) {
        expect(loser.status).toBe(401);
        expect(loser.detail).toMatch(/already used|has ended/);
      }
      const winner = winners[0]?.tokens;
      if (!winner) throw new Error("no winner");
      // The documented outcome: the loser's reuse ended the sign-in, the winner's tokens too.
      expect((await refresh(winner.refresh_token)).status).toBe(401);
      expect(await me(winner.access_token)).toBe(401);
      expect(await signInEnded(winner)).toBe(true);
      outcomes.add(`${count} at once: 1 rotated, ${count - 1} reuse, sign-in ended`);
    }
  });
});

describe("suite 4: logout", () => {
  it("ends the sign-in: the refresh token, the newest access token and older ones all stop", async () => {
    const { tokens: first } = await signInAs(api.deps);
    const second = (await refresh(first.refresh_token)).tokens;
    if (!second) throw new Error("no rotation");
    expect((await logout(second.refresh_token)).status).toBe(204);
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect(await me(second.access_token)).toBe(401);
    expect(await me(first.access_token)).toBe(401);
    outcomes.add("logout ended the sign-in");
  });

  it(`ends the sign-in even when a refresh races it (${LOGOUT_RACE_TRIALS} trials)`, async () => {
    for (let trial = 0; trial < LOGOUT_RACE_TRIALS; trial += 1) {
      const { tokens } = await signInAs(api.deps);
      const [refreshed, loggedOut] = await Promise.all([
        refresh(tokens.refresh_token),
        logout(tokens.refresh_token),
      ]);
      expect(loggedOut.status).toBe(204);
      expect([200, 401]).toContain(refreshed.status);
      // Whatever the refresh got, nothing of this sign-in works once logout has answered.
      expect(await me(tokens.access_token)).toBe(401);
      if (refreshed.tokens) {
        expect(await me(refreshed.tokens.access_token)).toBe(401);
        expect((await refresh(refreshed.tokens.refresh_token)).status).toBe(401);
      }
      outcomes.add(`logout raced a refresh that answered ${refreshed.status}`);
    }
  });
});
