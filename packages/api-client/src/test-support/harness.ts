// Test-only: a client wired to a fake API and an in-memory store.
import type { TokenSet } from "@life-admin/domain";
import { createLifeAdminClient, type LifeAdminClient } from "../client.js";
import { memoryTokenStore, type TokenStore } from "../token-store.js";
import { BASE_URL, fakeFetch, type FakeFetch, type Handler } from "./fake-fetch.js";

export interface Harness {
  client: LifeAdminClient;
  fake: FakeFetch;
  store: TokenStore;
  /** How many times onSessionEnded was called. */
  ended: () => number;
}

export function harness(handler: Handler, session: TokenSet | null = null): Harness {
  const fake = fakeFetch(handler);
  const store = memoryTokenStore(session);
  let ended = 0;
  const client = createLifeAdminClient({
    baseUrl: BASE_URL,
    tokens: store,
    fetch: fake.fetch,
    onSessionEnded: () => {
      ended += 1;
    },
  });
  return { client, fake, store, ended: () => ended };
}
