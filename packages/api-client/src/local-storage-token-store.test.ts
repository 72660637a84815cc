// spec 3: the session in localStorage under `tokenData`, here in a small Storage of our own.
import { describe, expect, it } from "vitest";
import { localStorageTokenStore, type TokenStorage } from "./local-storage-token-store.js";
import { TOKEN_STORAGE_KEY, storedAccessToken } from "./stored-session.js";
import { tokenSet } from "./test-support/fake-fetch.js";

function fakeStorage(
  initial: Record<string, string> = {},
): TokenStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

describe("localStorageTokenStore", () => {
  it("keeps the token set as JSON under the key tokenData", () => {
    const storage = fakeStorage();
    const session = tokenSet("a");
    localStorageTokenStore({ storage }).set(session);
    expect(TOKEN_STORAGE_KEY).toBe("tokenData");
    expect(JSON.parse(storage.items.get("tokenData") ?? "")).toEqual({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      token_type: "Bearer",
    });
  });

  it("reads back what another page stored", () => {
    const session = tokenSet("a");
    const storage = fakeStorage({ tokenData: JSON.stringify(session) });
    expect(localStorageTokenStore({ storage }).get()).toEqual(session);
  });

  it("stores only the three token fields", () => {
    const storage = fakeStorage();
    localStorageTokenStore({ storage }).set({ ...tokenSet("a"), extra: "x" } as never);
    expect(
      Object.keys(JSON.parse(storage.items.get("tokenData") ?? "{}") as object).sort(),
    ).toEqual(["access_token", "refresh_token", "token_type"]);
  });

  it.each([
    ["corrupt JSON", "{not json"],
    ["JSON null", "null"],
    ["a set without a refresh token", JSON.stringify({ access_token: "a", token_type: "Bearer" })],
    [
      "a set of another token type",
      JSON.stringify({ access_token: "a", refresh_token: "r", token_type: "MAC" }),
    ],
  ])("treats %s as no session", (_label, raw) => {
    const store = localStorageTokenStore({ storage: fakeStorage({ tokenData: raw }) });
    expect(store.get()).toBeNull();
  });

  it("removes the key on clear", () => {
    const storage = fakeStorage({ tokenData: JSON.stringify(tokenSet("a")), other: "kept" });
    localStorageTokenStore({ storage }).clear();
    expect([...storage.items.keys()]).toEqual(["other"]);
  });

  it("keeps the session in memory where there is no localStorage (Node)", () => {
    expect("localStorage" in globalThis).toBe(false);
    const store = localStorageTokenStore();
    expect(store.get()).toBeNull();
    const session = tokenSet("a");
    store.set(session);
    expect(store.get()).toEqual(session);
  });
});

describe("storedAccessToken", () => {
  it("reads the stored access token, and none without one or when storage cannot be read", () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === TOKEN_STORAGE_KEY ? value : null),
    });
    expect(storedAccessToken(storage(JSON.stringify(tokenSet("a"))))).toBe(
      tokenSet("a").access_token,
    );
    for (const value of [
      null,
      "",
      "{",
      "null",
      "[]",
      '{"access_token":""}',
      '{"access_token":1}',
    ]) {
      expect(storedAccessToken(storage(value))).toBeNull();
    }
    const refused = {
      getItem: (): string | null => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    expect(storedAccessToken(refused)).toBeNull();
  });
});
