// The real API app (apps/api) around a fresh PGlite database, with a clock the tests move, and
// clients that call it in-process through an injected fetch.
//
// The API package has no public testing entry yet, so this reaches into its test support
// (createTestApp, signInAs) by path; see the package README.
import type { TokenSet } from "@life-admin/domain";
import { createTestApp, signInAs, type TestApp } from "@life-admin/api/testing";
import { createLifeAdminClient, type LifeAdminClient } from "../../src/client.js";
import type { RefreshLockManager } from "../../src/session.js";
import { memoryTokenStore, type TokenStore } from "../../src/token-store.js";

/** The API's own address in tests (TEST_API_URL): the tokens' issuer. */
export const API_URL = "http://127.0.0.1:8000";

export interface ApiUnderTest {
  app: TestApp;
  /** The API's clock; `advance` moves it. */
  now(): Date;
  advance(ms: number): void;
  /** A new user with a fresh sign-in (no OpenID Connect round). */
  signIn(fullName?: string): Promise<TokenSet>;
  close(): Promise<void>;
}

/** The API on a clock that starts at `start` (the real time by default) and moves only when told. */
export async function startApi(start = new Date()): Promise<ApiUnderTest> {
  let clock = start;
  const app = await createTestApp({ now: () => clock });
  return {
    app,
    now: () => clock,
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    async signIn(fullName = "Test User") {
      return (await signInAs(app.deps, { fullName })).tokens;
    },
    close: () => app.close(),
  };
}

export interface InProcessClient {
  client: LifeAdminClient;
  store: TokenStore;
  /** "METHOD /path" of every request that reached the app, in order. */
  requests: string[];
  ended: () => number;
}

export interface InProcessClientOptions {
  /** A store shared with another client, as tabs share localStorage. */
  store?: TokenStore;
  /** A lock manager shared with another client, as tabs share navigator.locks. */
  locks?: RefreshLockManager | null;
}

export function inProcessClient(
  api: ApiUnderTest,
  session: TokenSet | null,
  options: InProcessClientOptions = {},
): InProcessClient {
  const requests: string[] = [];
  const store = options.store ?? memoryTokenStore(session);
  let ended = 0;
  const client = createLifeAdminClient({
    baseUrl: API_URL,
    tokens: store,
    locks: options.locks,
    fetch: async (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return api.app.app.request(request);
    },
    onSessionEnded: () => {
      ended += 1;
    },
  });
  return { client, store, requests, ended: () => ended };
}
