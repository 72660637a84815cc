// decisions D3: tabs must not refresh with the same token. A browser copies one tab's
// localStorage writes to the other tabs later, not in step with the refresh lock, so each "tab"
// here has a store of its own that lags behind the first tab's refresh; the ledger is what they
// share at once (IndexedDB in a browser; the real thing is checked in e2e/, five tabs at once).
import type { TokenSet } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { createLifeAdminClient, type LifeAdminClient } from "./client.js";
import { type RefreshLedger, runtimeRefreshLedger } from "./refresh-ledger.js";
import { BASE_URL, fakeFetch, json, tokenSet, type FakeFetch } from "./test-support/fake-fetch.js";
import { fakeLedger } from "./test-support/fake-ledger.js";
import { fakeLocks } from "./test-support/fake-locks.js";
import type { RefreshLockManager } from "./session.js";
import { memoryTokenStore, type TokenStore } from "./token-store.js";

const now = new Date("2026-03-01T12:00:00Z");
const stale = tokenSet("stale", { access: new Date(now.getTime() - 60_000) });
const renewed = tokenSet("renewed");

function tab(
  store: TokenStore,
  fake: FakeFetch,
  locks: RefreshLockManager,
  ledger: RefreshLedger | null,
): LifeAdminClient {
  return createLifeAdminClient({
    baseUrl: BASE_URL,
    tokens: store,
    fetch: fake.fetch,
    locks,
    ledger,
  });
}

function refreshTokensSent(fake: FakeFetch): (string | null)[] {
  return fake.calls
    .filter((c) => c.path === "/auth/refresh")
    .map((c) => (JSON.parse(c.body) as { refresh_token: string }).refresh_token);
}

describe("refreshing from tabs whose stores lag behind (decisions D3)", () => {
  it("takes another tab's refresh from the ledger when its own store still shows the old tokens", async () => {
    const fake = fakeFetch(() => json(renewed));
    const locks = fakeLocks();
    const ledger = fakeLedger();
    const firstStore = memoryTokenStore(stale);
    const secondStore = memoryTokenStore(stale);

    await expect(tab(firstStore, fake, locks, ledger).checkSession(now)).resolves.toBe("refreshed");
    // The second tab's store has not heard of it yet.
    expect(secondStore.get()).toEqual(stale);
    await expect(tab(secondStore, fake, locks, ledger).checkSession(now)).resolves.toBe(
      "refreshed",
    );

    expect(refreshTokensSent(fake)).toEqual([stale.refresh_token]);
    expect(secondStore.get()).toEqual<TokenSet>(renewed);
    expect(ledger.record).toEqual({ from: stale.refresh_token, tokens: renewed });
  });

  it("without a ledger, presents the used-up token again, which the API takes for theft", async () => {
    const fake = fakeFetch(() => json(renewed));
    const locks = fakeLocks();

    await tab(memoryTokenStore(stale), fake, locks, null).checkSession(now);
    await tab(memoryTokenStore(stale), fake, locks, null).checkSession(now);

    expect(refreshTokensSent(fake)).toEqual([stale.refresh_token, stale.refresh_token]);
  });

  it("refreshes as usual when the ledger's last refresh started from another token", async () => {
    const fake = fakeFetch(() => json(renewed));
    const ledger = fakeLedger();
    ledger.record = { from: "an older sign-in's token", tokens: tokenSet("older") };
    const store = memoryTokenStore(stale);

    await expect(tab(store, fake, fakeLocks(), ledger).checkSession(now)).resolves.toBe(
      "refreshed",
    );
    expect(refreshTokensSent(fake)).toEqual([stale.refresh_token]);
    expect(store.get()).toEqual<TokenSet>(renewed);
  });

  it("refreshes and stores the tokens when the ledger can be neither read nor written", async () => {
    const broken: RefreshLedger = {
      read: () => Promise.reject(new DOMException("denied", "SecurityError")),
      write: () => Promise.reject(new DOMException("full", "QuotaExceededError")),
      clear: () => Promise.reject(new DOMException("denied", "SecurityError")),
    };
    const fake = fakeFetch(() => json(renewed));
    const store = memoryTokenStore(stale);

    await expect(tab(store, fake, fakeLocks(), broken).checkSession(now)).resolves.toBe(
      "refreshed",
    );
    expect(store.get()).toEqual<TokenSet>(renewed);
  });

  it("writes the ledger before the new tokens reach the store", async () => {
    const order: string[] = [];
    const store = memoryTokenStore(stale);
    const watchedStore: TokenStore = {
      get: () => store.get(),
      set(tokens) {
        order.push("store");
        store.set(tokens);
      },
      clear: () => {
        store.clear();
      },
    };
    const ledger: RefreshLedger = {
      read: () => Promise.resolve(null),
      write() {
        order.push("ledger");
        return Promise.resolve();
      },
      clear: () => Promise.resolve(),
    };
    await tab(
      watchedStore,
      fakeFetch(() => json(renewed)),
      fakeLocks(),
      ledger,
    ).checkSession(now);
    expect(order).toEqual(["ledger", "store"]);
  });

  it("forgets the last refresh when the session ends", async () => {
    const ledger = fakeLedger();
    ledger.record = { from: "used up", tokens: renewed };
    const fake = fakeFetch(() => json({ detail: "Invalid refresh token" }, 401));
    const store = memoryTokenStore(stale);

    await expect(tab(store, fake, fakeLocks(), ledger).checkSession(now)).rejects.toThrow(
      "Failed to refresh token",
    );
    expect(store.get()).toBeNull();
    expect(ledger.record).toBeNull();
  });

  it("has no ledger where the runtime has no IndexedDB (Node)", () => {
    expect(runtimeRefreshLedger()).toBeNull();
  });
});
