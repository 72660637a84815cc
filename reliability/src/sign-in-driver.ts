// Drives the sign-in (decisions D2) over real HTTP like a browser: the login bound to the
// browser's secret, the local provider's form, the API's callback and the web app's exchange of
// its one-time code, stopping wherever a test wants to interfere.
import {
  TEST_WEB_ORIGIN,
  TestBrowser,
  hashState,
  signInAtLocalProvider,
  signInThroughApi,
  tables,
  type Db,
} from "@life-admin/api/testing";
import type { TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";

export interface Person {
  name: string;
  email: string;
}

export interface Landing {
  /** "success" with a one-time code, or the ?error= code. */
  outcome: string;
  url: URL;
}

export const CALLBACK_PATH = "/auth/google/callback";

type AttemptChange = Partial<typeof tables.loginAttempts.$inferInsert>;

export function createSignInDriver(apiUrl: string, db: Db) {
  /** Changes the attempt whose state or code (both kept as the same hash) is `value`. */
  async function changeAttempt(by: "stateHash" | "codeHash", value: string, change: AttemptChange) {
    await db
      .update(tables.loginAttempts)
      .set(change)
      .where(eq(tables.loginAttempts[by], hashState(value)));
  }

  /** A login as a new browser would make it. */
  const login = (browser = new TestBrowser()): Promise<string> => browser.login(apiUrl);

  /** Where the API's callback sends the browser, read as an outcome. */
  async function callback(browser: TestBrowser, url: string | URL): Promise<Landing> {
    const step = await browser.request(url.toString());
    if (step.status !== 302 || step.location === null) {
      throw new Error(`callback answered ${step.status}: ${step.body.slice(0, 200)}`);
    }
    const landing = new URL(step.location);
    if (landing.origin !== TEST_WEB_ORIGIN)
      throw new Error(`callback sent the browser to ${landing.href}`);
    const params = [...landing.searchParams.keys()].sort().join(",");
    if (landing.pathname === "/auth/callback" && params === "code") {
      return { outcome: "success", url: landing };
    }
    if (landing.pathname === "/" && params === "error") {
      return { outcome: landing.searchParams.get("error") ?? "", url: landing };
    }
    throw new Error(`callback landed on ${landing.pathname}?${params}`);
  }

  return {
    login,
    callback,
    /** A state the API really issued (an attempt started and never finished). */
    async issuedState(): Promise<string> {
      return new URL(await login()).searchParams.get("state") ?? "";
    },
    /** A person signs in at the provider; the provider's redirect back, not yet followed. */
    async atProvider(browser: TestBrowser, person: Person): Promise<URL> {
      return signInAtLocalProvider(browser, await login(browser), person, (url) =>
        url.startsWith(`${apiUrl}${CALLBACK_PATH}`),
      );
    },
    /**
     * The web app's exchange of a landing's code, with `secret` (default: the secret of the
     * browser's last sign-in): the answer's status.
     */
    async exchange(browser: TestBrowser, landing: URL, secret?: string): Promise<number> {
      const code = landing.searchParams.get("code") ?? "";
      const answer = await browser.exchange(apiUrl, code, secret);
      await answer.body?.cancel();
      return answer.status;
    },
    /** Changes the stored attempt behind a landing's one-time code (its expiry...). */
    tamperCode(landing: URL, change: AttemptChange) {
      return changeAttempt("codeHash", landing.searchParams.get("code") ?? "", change);
    },
    callbackWith(query: string): Promise<Landing> {
      return callback(new TestBrowser(), `${apiUrl}${CALLBACK_PATH}?${query}`);
    },
    /** Changes the stored attempt behind a redirect's state (a nonce the provider never saw...). */
    tamperAttempt(redirect: URL, change: AttemptChange) {
      return changeAttempt("stateHash", redirect.searchParams.get("state") ?? "", change);
    },
    async counts() {
      return {
        users: await db.$count(tables.users),
        signIns: await db.$count(tables.signIns),
        refreshTokens: await db.$count(tables.refreshTokens),
      };
    },
  };
}

export type SignInDriver = ReturnType<typeof createSignInDriver>;

/**
 * A whole sign-in through the local provider, as a person in a browser would do it: the token
 * set the web app would keep. For an API in another process (no database handle here).
 */
export function signInThroughProvider(apiUrl: string, person: Person): Promise<TokenSet> {
  return signInThroughApi(apiUrl, person);
}
