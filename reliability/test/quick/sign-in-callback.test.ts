// Issue 8, suite 3: the sign-in callback, model-based. fast-check runs random sequences of real
// sign-ins and broken callbacks (unknown, reused and expired states, replayed codes, a code of
// another attempt, a wrong nonce, provider errors, a missing code, the same callback twice at
// once) against the API and its local provider over HTTP. After every step the rows of users,
// sign-ins and refresh tokens are exactly what the model expects: a failed callback ends on
// `/?error=<code>` and creates nothing, and its state can never be used again.
// (src/routes/auth-google.test.ts checks each failure once; this checks them in any order.)
import { TestBrowser } from "@life-admin/api/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures, Tally } from "../../src/figures.js";
import { settings } from "../../src/settings.js";
import { createSignInDriver, type Person, type SignInDriver } from "../../src/sign-in-driver.js";

interface Model {
  users: number;
  signIns: number;
  refreshTokens: number;
}

interface Real {
  driver: SignInDriver;
}

const PEOPLE: Person[] = [
  { name: "Ada Lovelace", email: "ada@example.com" },
  { name: "Grace Hopper", email: "grace@example.com" },
  { name: "Alan Turing", email: "alan@example.com" },
];
// What outlives each fast-check run, as the database does: emails that have a user row, and the
// provider redirects that completed a sign-in (their state and code are spent for good).
const known = new Set<string>();
const spent: URL[] = [];
const steps = new Tally();

async function expectRowsToMatch(model: Model, real: Real) {
  expect(await real.driver.counts()).toEqual({
    users: model.users,
    signIns: model.signIns,
    refreshTokens: model.refreshTokens,
  });
}

/** Records one sign-in that succeeded, in the model. */
function signedIn(model: Model, person: Person, redirect: URL) {
  if (!known.has(person.email)) model.users += 1;
  known.add(person.email);
  model.signIns += 1;
  model.refreshTokens += 1;
  spent.push(redirect);
}

type Step = fc.AsyncCommand<Model, Real>;

class SignIn implements Step {
  constructor(readonly person: Person) {}
  check = () => true;
  async run(model: Model, real: Real) {
    steps.add("sign in");
    const browser = new TestBrowser();
    const redirect = await real.driver.atProvider(browser, this.person);
    expect((await real.driver.callback(browser, redirect)).outcome).toBe("success");
    signedIn(model, this.person, redirect);
    await expectRowsToMatch(model, real);
  }
  toString = () => `SignIn(${this.person.email})`;
}

/** A callback that must fail with one of `codes` and leave every row as it was. */
class FailingCallback implements Step {
  constructor(
    readonly label: string,
    readonly codes: readonly string[],
    readonly attempt: (real: Real) => Promise<{ outcome: string }>,
    readonly precondition: () => boolean = () => true,
  ) {}
  check() {
    return this.precondition();
  }
  async run(model: Model, real: Real) {
    steps.add(this.label.replace(/\(.*$/, ""));
    const { outcome } = await this.attempt(real);
    expect(this.codes).toContain(outcome);
    await expectRowsToMatch(model, real);
  }
  toString() {
    return this.label;
  }
}

const unknownState = (state: string) =>
  new FailingCallback(`UnknownState(${JSON.stringify(state)})`, ["invalid_state"], (real) =>
    real.driver.callbackWith(`state=${encodeURIComponent(state)}&code=some-code`),
  );

const spentRedirect = (pick: number) => new URL(spent[pick % spent.length] ?? "http://x");

const reusedState = (pick: number) =>
  new FailingCallback(
    `ReusedState(${pick})`,
    ["invalid_state"],
    (real) => real.driver.callback(new TestBrowser(), spentRedirect(pick)),
    () => spent.length > 0,
  );

const replayedCode = (pick: number) =>
  new FailingCallback(
    `ReplayedCode(${pick})`,
    ["token_exchange_failed"],
    async (real) => {
      const replayed = spentRedirect(pick);
      replayed.searchParams.set("state", await real.driver.issuedState());
      return real.driver.callback(new TestBrowser(), replayed);
    },
    () => spent.length > 0,
  );

const providerError = (error: string) =>
  new FailingCallback(
    `ProviderError(${error})`,
    [error === "access_denied" ? "access_denied" : "provider_error"],
    async (real) =>
      real.driver.callbackWith(
        `state=${await real.driver.issuedState()}&error=${encodeURIComponent(error)}`,
      ),
  );

const missingCode = () =>
  new FailingCallback("MissingCode()", ["missing_code"], async (real) =>
    real.driver.callbackWith(`state=${await real.driver.issuedState()}`),
  );

/** A sign-in at the provider whose stored attempt is changed before the callback. */
const tamperedAttempt = (person: Person, change: "nonce" | "expiry") =>
  new FailingCallback(
    `TamperedAttempt(${person.email}, ${change})`,
    [change === "nonce" ? "invalid_id_token" : "invalid_state"],
    async (real) => {
      const browser = new TestBrowser();
      const redirect = await real.driver.atProvider(browser, person);
      await real.driver.tamperAttempt(
        redirect,
        change === "nonce"
          ? { nonce: "a-nonce-the-provider-never-saw" }
          : { expiresAt: new Date(Date.now() - 1000) },
      );
      return real.driver.callback(browser, redirect);
    },
  );

/** A failed callback uses its state up: the genuine redirect of that attempt then fails too. */
const failureBurnsState = (person: Person) =>
  new FailingCallback(`FailureBurnsState(${person.email})`, ["invalid_state"], async (real) => {
    const browser = new TestBrowser();
    const redirect = await real.driver.atProvider(browser, person);
    const state = redirect.searchParams.get("state") ?? "";
    const first = await real.driver.callbackWith(`state=${state}&error=access_denied`);
    expect(first.outcome).toBe("access_denied");
    return real.driver.callback(browser, redirect);
  });

/** Attempt B's state with attempt A's code: the PKCE verifier does not match. */
const codeOfAnotherAttempt = (person: Person) =>
  new FailingCallback(
    `CodeOfAnotherAttempt(${person.email})`,
    ["token_exchange_failed"],
    async (real) => {
      const a = await real.driver.atProvider(new TestBrowser(), person);
      const b = await real.driver.atProvider(new TestBrowser(), person);
      const crossed = new URL(b);
      crossed.searchParams.set("code", a.searchParams.get("code") ?? "");
      return real.driver.callback(new TestBrowser(), crossed);
    },
  );

/** The same provider redirect followed twice at once: exactly one sign-in. */
class DoubleCallback implements Step {
  constructor(readonly person: Person) {}
  check = () => true;
  async run(model: Model, real: Real) {
    steps.add("DoubleCallback");
    const browser = new TestBrowser();
    const redirect = await real.driver.atProvider(browser, this.person);
    const outcomes = await Promise.all([
      real.driver.callback(browser, redirect),
      real.driver.callback(new TestBrowser(), redirect),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["invalid_state", "success"]);
    signedIn(model, this.person, redirect);
    await expectRowsToMatch(model, real);
  }
  toString = () => `DoubleCallback(${this.person.email})`;
}

const person = fc.constantFrom(...PEOPLE);
const commands = fc.commands(
  [
    person.map((p) => new SignIn(p)),
    fc.oneof(fc.constant("made-up"), fc.string({ maxLength: 40 })).map(unknownState),
    fc.nat().map(reusedState),
    fc.nat().map(replayedCode),
    fc
      .constantFrom("access_denied", "temporarily_unavailable", "server_error", "login_required")
      .map(providerError),
    fc.constant(null).map(missingCode),
    fc
      .tuple(person, fc.constantFrom("nonce" as const, "expiry" as const))
      .map(([p, change]) => tamperedAttempt(p, change)),
    person.map(failureBurnsState),
    person.map(codeOfAnotherAttempt),
    person.map((p) => new DoubleCallback(p)),
  ],
  { maxCommands: 15, size: "+1" },
);

const RUNS = 30;
let api: ApiOnLoopback;
let driver: SignInDriver;

beforeAll(async () => {
  api = await startApiOnLoopback();
  driver = createSignInDriver(api.url, api.deps.database.db);
});

afterAll(async () => {
  const rows = await driver.counts();
  await api.stop();
  printFigures("suite 3 sign-in callback", {
    seed: settings.seed,
    runs: RUNS,
    steps: steps.total(),
    by_step: steps.counts,
    ...rows,
  });
});

describe("suite 3: sign-in callbacks in any order", () => {
  it(`keeps users, sign-ins and refresh tokens exactly as the model says over ${RUNS} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const rows = await driver.counts();
        await fc.asyncModelRun(() => ({ model: { ...rows }, real: { driver } }), sequence);
      }),
      { seed: settings.seed, numRuns: RUNS, endOnFailure: true },
    );
  });
});
