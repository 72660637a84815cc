// Issue 8, suite 4: refresh tokens over real HTTP (decisions D3, issue 17). Rotation along long
// chains; reuse of a rotated token after the grace window ends the whole sign-in, newest tokens
// included; two or more concurrent refreshes with one token all get the same new token set and
// the sign-in goes on; logout ends a sign-in, also when it races a refresh. Then a model of one
// sign-in's life, run by fast-check on the API's own clock: refreshes, repeats of rotated tokens
// inside and outside the grace window, concurrent refreshes, access-token use, logout and time
// moving by seconds, hours and days, so that the idle limit and the absolute lifetime are
// reached. Runs on PostgreSQL too under scripts/with-postgres.sh, where the requests really run
// in parallel.
import { signInAs, tables } from "@life-admin/api/testing";
import { TokenSetSchema, type TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures, Tally } from "../../src/figures.js";
import { exchange } from "../../src/http-exchange.js";
import { seeded, settings } from "../../src/settings.js";

const CONCURRENT_TRIALS = 60;
const LOGOUT_RACE_TRIALS = 30;
const REUSE_RUNS = 25;
const LIFETIME_RUNS = 15;
const LIFE_RUNS = 40;

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
/** A JWT's time: whole seconds. */
const seconds = (ms: number) => Math.floor(ms / SECOND);

const ENDED = "This sign-in has ended; please sign in again";
const EXPIRED = "The refresh token has expired";

// The API's clock: it moves only when a test moves it, so that a step "9.9 seconds after the
// rotation" is exactly that, however long the requests take.
const clock = { ms: Date.now() };
const advance = (ms: number) => {
  clock.ms += ms;
};

let api: ApiOnLoopback;
/** The API's limits, as configured (defaults: 30 days, 14 days, 10 seconds). */
let limits: { maxAgeMs: number; idleSeconds: number; graceMs: number };
const outcomes = new Tally();
const lifeSteps = new Tally();
let requests = 0;

beforeAll(async () => {
  api = await startApiOnLoopback({
    now: () => new Date(clock.ms),
    // This suite sends hundreds of refreshes a minute from one address on a clock that barely
    // moves: the refresh rate limits (suite of their own) would answer 429.
    env: {
      RATE_LIMIT_REFRESH_PER_MINUTE: "100000",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "100000",
    },
  });
  const { session } = api.deps.config;
  limits = {
    maxAgeMs: session.maxAgeDays * DAY,
    idleSeconds: (session.idleDays * DAY) / SECOND,
    graceMs: session.refreshGraceSeconds * SECOND,
  };
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 4 refresh", {
    seed: settings.seed,
    engine: settings.testDatabaseUrl === null ? "pglite" : "postgres",
    requests,
    outcomes: outcomes.counts,
    life_runs: LIFE_RUNS,
    life_steps: lifeSteps.total(),
    by_step: lifeSteps.counts,
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
  const value = answer.json !== null && "value" in answer.json ? answer.json.value : undefined;
  const detail = (value as { detail?: unknown } | undefined)?.detail;
  return {
    status: answer.status,
    detail: typeof detail === "string" ? detail : "",
    /** The body as sent: a grace answer must be the same bytes. */
    text: answer.text,
    tokens: answer.status === 200 ? TokenSetSchema.parse(value) : null,
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

const signInIdOf = (tokens: TokenSet) => String(decodeJwt(tokens.refresh_token).sid);

async function signInRow(signInId: string) {
  const [row] = await api.deps.database.db
    .select({ revokedAt: tables.signIns.revokedAt, expiresAt: tables.signIns.expiresAt })
    .from(tables.signIns)
    .where(eq(tables.signIns.id, signInId));
  if (!row) throw new Error(`no sign-in ${signInId}`);
  return row;
}

async function signInEnded(tokens: TokenSet): Promise<boolean> {
  return (await signInRow(signInIdOf(tokens))).revokedAt !== null;
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
  it(`ends it wherever in the chain the reused token was, once the grace window has passed (${REUSE_RUNS} generated chains)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }).chain((length) =>
          fc.record({
            length: fc.constant(length),
            reused: fc.nat({ max: length - 1 }),
            late: fc.integer({ min: 0, max: 60 * SECOND }),
          }),
        ),
        async ({ length, reused, late }) => {
          const chain: TokenSet[] = [(await signInAs(api.deps)).tokens];
          for (let i = 0; i < length; i += 1) {
            const next = await refresh(chain[i]?.refresh_token ?? "");
            expect(next.status).toBe(200);
            if (next.tokens) chain.push(next.tokens);
          }
          advance(limits.graceMs + late);
          const reuse = await refresh(chain[reused]?.refresh_token ?? "");
          expect(reuse.status).toBe(401);
          expect(reuse.detail).toContain("already used");
          const newest = chain.at(-1);
          if (!newest) throw new Error("empty chain");
          expect((await refresh(newest.refresh_token)).status).toBe(401);
          for (const set of chain) expect(await me(set.access_token)).toBe(401);
          expect(await signInEnded(newest)).toBe(true);
          outcomes.add("reuse after the window ended the sign-in");
        },
      ),
      { seed: settings.seed, numRuns: REUSE_RUNS, endOnFailure: true },
    );
  });
});

describe("suite 4: concurrent refreshes with one token", () => {
  it(`have one outcome in all ${CONCURRENT_TRIALS} trials: every request gets the same new token set, and the sign-in goes on`, async () => {
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
      for (const result of results) expect(result.status, result.detail).toBe(200);
      expect(new Set(results.map((r) => r.text)).size).toBe(1);
      const successor = results[0]?.tokens;
      if (!successor) throw new Error("no answer");
      expect(successor.refresh_token).not.toBe(tokens.refresh_token);
      expect(await me(successor.access_token)).toBe(200);
      expect(await signInEnded(successor)).toBe(false);
      // The one successor is the family's newest: it rotates on.
      expect((await refresh(successor.refresh_token)).status).toBe(200);
      outcomes.add(`${count} at once: ${count} × the same set, sign-in live`);
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
    // Not even the grace window revives it: the first token's repeat is refused too.
    expect((await refresh(first.refresh_token)).detail).toMatch(/has ended/);
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

describe("suite 4: the absolute lifetime", () => {
  it(`ends every sign-in at its absolute end, however often it was refreshed (${LIFETIME_RUNS} generated schedules)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        // Gaps between refreshes, each shorter than the idle limit (14 days).
        fc.array(fc.integer({ min: HOUR, max: 13 * DAY }), { minLength: 1, maxLength: 12 }),
        async (gaps) => {
          const start = clock.ms;
          const end = start + limits.maxAgeMs;
          const endSeconds = seconds(end);
          let { tokens } = await signInAs(api.deps);
          // Then 13-day steps, so that every schedule gets to the last second.
          for (const gap of [...gaps, 13 * DAY, 13 * DAY, 13 * DAY]) {
            if (clock.ms + gap >= end - SECOND) break;
            advance(gap);
            const next = await refresh(tokens.refresh_token);
            expect(next.status, next.detail).toBe(200);
            tokens = next.tokens ?? tokens;
            expect(decodeJwt(tokens.refresh_token).exp).toBeLessThanOrEqual(endSeconds);
            expect(decodeJwt(tokens.access_token).exp).toBeLessThanOrEqual(endSeconds);
          }
          // The last second: a refresh still works, and what it gives ends with the sign-in.
          advance(end - SECOND - clock.ms);
          const last = await refresh(tokens.refresh_token, "body");
          expect(last.status, last.detail).toBe(200);
          if (!last.tokens) throw new Error("no tokens");
          expect(decodeJwt(last.tokens.refresh_token).exp).toBe(endSeconds);
          expect(decodeJwt(last.tokens.access_token).exp).toBe(endSeconds);
          expect(await me(last.tokens.access_token)).toBe(200);

          advance(SECOND);
          const ended = await refresh(last.tokens.refresh_token, "body");
          expect(ended.status).toBe(401);
          expect(ended.detail).toBe(ENDED);
          expect(await me(last.tokens.access_token)).toBe(401);
          const row = await signInRow(signInIdOf(last.tokens));
          expect(row.expiresAt.getTime()).toBe(end); // rotation never moved it
          expect(row.revokedAt).toBeNull(); // ended by time, not revoked
          outcomes.add("ended at its absolute end, refreshed to the last second");
        },
      ),
      { seed: settings.seed, numRuns: LIFETIME_RUNS, endOnFailure: true },
    );
  });
});

// ---- The model of one sign-in's life -------------------------------------------------------

/** One token set of the family, in the order they were issued; times in seconds (JWT). */
interface Link {
  iat: number;
  accessExp: number;
  refreshExp: number;
  /** The API's clock (ms) when this link's refresh token was rotated; null while newest. */
  rotatedAt: number | null;
}

interface Model {
  /** sign_ins.expires_at, ms: fixed at sign-in. */
  endsAt: number;
  chain: Link[];
  revoked: boolean;
}

interface Real {
  signInId: string;
  /** The token sets, by link; each with the body it came in (null for the first: no HTTP). */
  sets: { tokens: TokenSet; text: string | null }[];
}

/** A new link issued now, as the API caps it: the idle limit, and never past the sign-in's end. */
function linkIssuedNow(model: Model): Link {
  const iat = seconds(clock.ms);
  const end = seconds(model.endsAt);
  return {
    iat,
    accessExp: Math.min(iat + 3600, end),
    refreshExp: Math.min(iat + limits.idleSeconds, end),
    rotatedAt: null,
  };
}

type Expected =
  | { kind: "rotate" }
  | { kind: "grace"; successor: number }
  | { kind: "refused"; detail: string; revokes: boolean };

/** What presenting link `i`'s refresh token must get now. */
function expectedRefresh(model: Model, i: number): Expected {
  const link = model.chain[i];
  if (!link) throw new Error(`no link ${i}`);
  if (model.revoked) return { kind: "refused", detail: ENDED, revokes: false };
  if (seconds(clock.ms) >= link.refreshExp) {
    // Its own exp has passed: it says whether the whole sign-in ended, and revokes nothing.
    return {
      kind: "refused",
      detail: clock.ms >= model.endsAt ? ENDED : EXPIRED,
      revokes: false,
    };
  }
  if (link.rotatedAt === null) return { kind: "rotate" };
  const successor = model.chain[i + 1];
  if (successor?.rotatedAt === null && clock.ms - link.rotatedAt < limits.graceMs) {
    return { kind: "grace", successor: i + 1 };
  }
  return { kind: "refused", detail: "already used", revokes: true };
}

type LifeStep = fc.AsyncCommand<Model, Real>;

async function expectRowToMatch(model: Model, real: Real) {
  const row = await signInRow(real.signInId);
  expect(row.revokedAt !== null, "sign_ins.revoked_at").toBe(model.revoked);
  // Rotation never moves the sign-in's end.
  expect(row.expiresAt.getTime()).toBe(model.endsAt);
}

/** Checks one answer against what was expected, and applies it to the model and the real side. */
function settle(
  model: Model,
  real: Real,
  i: number,
  expected: Expected,
  answer: Awaited<ReturnType<typeof refresh>>,
): string {
  switch (expected.kind) {
    case "rotate": {
      expect(answer.status, answer.detail).toBe(200);
      const tokens = answer.tokens;
      if (!tokens) throw new Error("no tokens");
      const link = linkIssuedNow(model);
      // No token outlives the sign-in; the refresh token lives the idle limit at most.
      expect(decodeJwt(tokens.refresh_token)).toMatchObject({
        iat: link.iat,
        exp: link.refreshExp,
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({ iat: link.iat, exp: link.accessExp });
      const presented = model.chain[i];
      if (presented) presented.rotatedAt = clock.ms;
      model.chain.push(link);
      real.sets.push({ tokens, text: answer.text });
      return "rotated";
    }
    case "grace": {
      expect(answer.status, answer.detail).toBe(200);
      expect(answer.text).toBe(real.sets[expected.successor]?.text);
      return "grace: the same set again";
    }
    case "refused": {
      expect(answer.status).toBe(401);
      expect(answer.detail).toContain(expected.detail);
      if (expected.revokes) model.revoked = true;
      if (expected.revokes) return "reuse: sign-in revoked";
      if (expected.detail === ENDED) {
        return model.revoked ? "refused: sign-in revoked" : "refused: past the absolute end";
      }
      return "refused: refresh token expired (idle)";
    }
    default: {
      const never: never = expected;
      throw new Error(`unexpected ${JSON.stringify(never)}`);
    }
  }
}

class RefreshNewest implements LifeStep {
  constructor(readonly via: "query" | "body") {}
  check = () => true;
  async run(model: Model, real: Real) {
    const i = model.chain.length - 1;
    const expected = expectedRefresh(model, i);
    const answer = await refresh(real.sets[i]?.tokens.refresh_token ?? "", this.via);
    lifeSteps.add(`refresh newest: ${settle(model, real, i, expected, answer)}`);
    await expectRowToMatch(model, real);
  }
  toString = () => `RefreshNewest(${this.via})`;
}

/** A rotated token presented again: a lost answer's retry, or a copy. */
class RepeatRotated implements LifeStep {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.chain.length > 1;
  async run(model: Model, real: Real) {
    const i = this.pick % (model.chain.length - 1);
    const expected = expectedRefresh(model, i);
    const answer = await refresh(real.sets[i]?.tokens.refresh_token ?? "");
    lifeSteps.add(`repeat rotated: ${settle(model, real, i, expected, answer)}`);
    await expectRowToMatch(model, real);
  }
  toString = () => `RepeatRotated(${this.pick})`;
}

class ConcurrentRefresh implements LifeStep {
  constructor(readonly count: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const i = model.chain.length - 1;
    const expected = expectedRefresh(model, i);
    const token = real.sets[i]?.tokens.refresh_token ?? "";
    const answers = await Promise.all(
      Array.from({ length: this.count }, (_, n) => refresh(token, n % 2 === 0 ? "query" : "body")),
    );
    // All alike: the same new set (one rotation, the rest grace answers), or the same refusal.
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    const [first] = answers;
    if (!first) throw new Error("no answer");
    lifeSteps.add(`${this.count} at once: ${settle(model, real, i, expected, first)}`);
    await expectRowToMatch(model, real);
  }
  toString = () => `ConcurrentRefresh(${this.count})`;
}

class UseAccessToken implements LifeStep {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const i = this.pick % model.chain.length;
    const link = model.chain[i];
    const live = !model.revoked && link !== undefined && seconds(clock.ms) < link.accessExp;
    expect(await me(real.sets[i]?.tokens.access_token ?? "")).toBe(live ? 200 : 401);
    lifeSteps.add(`access token: ${live ? "200" : "401"}`);
  }
  toString = () => `UseAccessToken(${this.pick})`;
}

class Logout implements LifeStep {
  check = () => true;
  async run(model: Model, real: Real) {
    const newest = model.chain.at(-1);
    const usable = newest !== undefined && seconds(clock.ms) < newest.refreshExp;
    const answer = await logout(real.sets.at(-1)?.tokens.refresh_token ?? "");
    expect(answer.status).toBe(usable ? 204 : 401);
    if (usable) model.revoked = true;
    lifeSteps.add(`logout: ${answer.status}`);
    await expectRowToMatch(model, real);
  }
  toString = () => "Logout()";
}

class Wait implements LifeStep {
  constructor(readonly ms: number) {}
  check = () => true;
  run() {
    advance(this.ms);
    lifeSteps.add(
      this.ms < limits.graceMs
        ? "wait: inside the grace window"
        : this.ms < DAY
          ? "wait: seconds to hours"
          : "wait: days",
    );
    return Promise.resolve();
  }
  toString = () => `Wait(${this.ms} ms)`;
}

// Refreshes and waits of days come twice as often as the rest, so that lives reach the idle
// limit and the absolute end; logout, which ends a life, shares a turn with using an access token.
const refreshNewest = fc
  .constantFrom("query" as const, "body" as const)
  .map((via) => new RefreshNewest(via));
const waitDays = fc.integer({ min: 1, max: 12 }).map((days) => new Wait(days * DAY));
const lifeCommands = fc.commands(
  [
    refreshNewest,
    refreshNewest,
    fc.nat().map((pick) => new RepeatRotated(pick)),
    fc.integer({ min: 2, max: 4 }).map((count) => new ConcurrentRefresh(count)),
    fc.oneof(
      { arbitrary: fc.nat().map((pick) => new UseAccessToken(pick)), weight: 3 },
      { arbitrary: fc.constant(null).map(() => new Logout()), weight: 1 },
    ),
    fc
      .oneof(
        fc.integer({ min: 1, max: 10 * SECOND - 1 }),
        fc.constant(10 * SECOND),
        fc.integer({ min: 10 * SECOND, max: 2 * HOUR }),
      )
      .map((ms) => new Wait(ms)),
    waitDays,
    waitDays,
  ],
  { maxCommands: 30, size: "+1" },
);

describe(seeded("suite 4: a sign-in's life, model-based"), () => {
  it(`answers every refresh, repeat and request as the model says over ${LIFE_RUNS} random lives`, async () => {
    await fc.assert(
      fc.asyncProperty(lifeCommands, async (steps) => {
        await fc.asyncModelRun(async () => {
          const { tokens } = await signInAs(api.deps);
          const model: Model = {
            endsAt: clock.ms + limits.maxAgeMs,
            chain: [],
            revoked: false,
          };
          model.chain.push(linkIssuedNow(model));
          return {
            model,
            real: { signInId: signInIdOf(tokens), sets: [{ tokens, text: null }] },
          };
        }, steps);
      }),
      { seed: settings.seed, numRuns: LIFE_RUNS, endOnFailure: true },
    );
  });
});
