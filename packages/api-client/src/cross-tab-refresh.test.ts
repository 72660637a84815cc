// decisions D3: the API ends a whole sign-in when a rotated refresh token comes back, so the tabs
// of one browser (one localStorage) must not refresh with the same token. Each "tab" here is a
// client over one shared store; the lock manager stands in for navigator.locks.
import type { TokenSet } from "@life-admin/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLifeAdminClient, type LifeAdminClient } from "./client.js";
import { REFRESH_LOCK_NAME, type RefreshLockManager } from "./session.js";
import { apiFailure } from "./test-support/api-failure.js";
import {
  BASE_URL,
  deferred,
  fakeFetch,
  json,
  tokenSet,
  type FakeFetch,
} from "./test-support/fake-fetch.js";
import { fakeLocks } from "./test-support/fake-locks.js";
import { memoryTokenStore, type TokenStore } from "./token-store.js";

const now = new Date("2026-03-01T12:00:00Z");
const stale = tokenSet("stale", { access: new Date(now.getTime() - 60_000) });
const renewed = tokenSet("renewed");

interface Tab {
  client: LifeAdminClient;
  ended: () => number;
}

function tab(
  store: TokenStore,
  fake: FakeFetch,
  locks: RefreshLockManager | null | undefined,
): Tab {
  let ended = 0;
  const client = createLifeAdminClient({
    baseUrl: BASE_URL,
    tokens: store,
    fetch: fake.fetch,
    locks,
    onSessionEnded: () => {
      ended += 1;
    },
  });
  return { client, ended: () => ended };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("refreshing from several tabs (decisions D3)", () => {
  it("lets two tabs that refresh at once make one refresh call and share the new tokens", async () => {
    const answer = deferred<Response>();
    const fake = fakeFetch(() => answer.promise);
    const store = memoryTokenStore(stale);
    const locks = fakeLocks();
    const first = tab(store, fake, locks);
    const second = tab(store, fake, locks);

    const checks = [first.client.checkSession(now), second.client.checkSession(now)];
    answer.resolve(json(renewed));

    await expect(Promise.all(checks)).resolves.toEqual(["refreshed", "refreshed"]);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
    expect(store.get()).toEqual(renewed);
    expect(locks.requested).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it("retries a request with the tokens another tab refreshed, without a refresh of its own", async () => {
    const answer = deferred<Response>();
    const fake = fakeFetch((call) => {
      if (call.path === "/auth/refresh") return answer.promise;
      const fresh = call.headers.get("Authorization") === `Bearer ${renewed.access_token}`;
      return fresh ? json([]) : json({ detail: "The access token has expired" }, 401);
    });
    const store = memoryTokenStore(stale);
    const locks = fakeLocks();
    const first = tab(store, fake, locks);
    const second = tab(store, fake, locks);

    const lists = [first.client.tasks.list(), second.client.tasks.list()];
    await vi.waitFor(() => {
      expect(fake.count("GET", "/tasks/")).toBe(2);
    });
    answer.resolve(json(renewed));

    await expect(Promise.all(lists)).resolves.toEqual([[], []]);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("refreshes twice without the lock, which the API would take for a stolen token", async () => {
    const fake = fakeFetch(() => json(renewed));
    const store = memoryTokenStore(stale);
    const first = tab(store, fake, null);
    const second = tab(store, fake, null);

    await Promise.all([first.client.checkSession(now), second.client.checkSession(now)]);
    expect(fake.count("POST", "/auth/refresh")).toBe(2);
  });

  it("ends the session without calling the server when another tab signed out during the wait", async () => {
    const fake = fakeFetch(() => json(renewed));
    const store = memoryTokenStore(stale);
    const locks = fakeLocks();
    const otherTab = deferred<undefined>();
    void locks.request(REFRESH_LOCK_NAME, () => otherTab.promise);
    const waiting = tab(store, fake, locks);

    const check = waiting.client.checkSession(now);
    store.clear();
    otherTab.resolve(undefined);

    const error = await apiFailure(check);
    expect(error.message).toBe("Failed to refresh token");
    expect(fake.calls).toHaveLength(0);
    expect(waiting.ended()).toBe(1);
  });

  it("uses the runtime's navigator.locks when none is passed", async () => {
    const locks = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    const fake = fakeFetch(() => json(renewed));
    const only = tab(memoryTokenStore(stale), fake, undefined);

    await expect(only.client.checkSession(now)).resolves.toBe("refreshed");
    expect(locks.requested).toEqual([REFRESH_LOCK_NAME]);
  });

  it("refreshes without the lock where the runtime refuses Web Locks", async () => {
    const refusing: RefreshLockManager = {
      request: () => Promise.reject(new DOMException("Access denied", "SecurityError")),
    };
    const fake = fakeFetch(() => json(renewed));
    const store = memoryTokenStore(stale);
    const only = tab(store, fake, refusing);

    await expect(only.client.checkSession(now)).resolves.toBe("refreshed");
    expect(store.get()).toEqual<TokenSet>(renewed);
  });

  it("passes on a refused refresh made under the lock, with the session ended", async () => {
    const fake = fakeFetch(() => json({ detail: "Invalid refresh token" }, 401));
    const store = memoryTokenStore(stale);
    const only = tab(store, fake, fakeLocks());

    const error = await apiFailure(only.client.checkSession(now));
    expect(error.message).toBe("Failed to refresh token");
    expect(store.get()).toBeNull();
    expect(only.ended()).toBe(1);
  });
});
