// @vitest-environment jsdom
// The store against a browser's real Web Storage (jsdom's), found without being passed in.
import { afterEach, describe, expect, it } from "vitest";
import { localStorageTokenStore } from "./local-storage-token-store.js";
import { tokenSet } from "./test-support/fake-fetch.js";

afterEach(() => {
  localStorage.clear();
});

describe("localStorageTokenStore in a browser", () => {
  it("uses the page's localStorage under tokenData", () => {
    const session = tokenSet("a");
    localStorageTokenStore().set(session);
    expect(JSON.parse(localStorage.getItem("tokenData") ?? "")).toEqual(session);
    expect(localStorageTokenStore().get()).toEqual(session);
  });

  it("treats corrupt JSON left by an older version as no session", () => {
    localStorage.setItem("tokenData", "[object Object]");
    expect(localStorageTokenStore().get()).toBeNull();
  });

  it("clears the session for every store on the page", () => {
    localStorageTokenStore().set(tokenSet("a"));
    localStorageTokenStore().clear();
    expect(localStorage.getItem("tokenData")).toBeNull();
  });
});
