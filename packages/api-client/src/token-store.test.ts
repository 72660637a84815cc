import { describe, expect, it } from "vitest";
import { tokenSet } from "./test-support/fake-fetch.js";
import { memoryTokenStore } from "./token-store.js";

describe("memoryTokenStore", () => {
  it("starts empty unless given a session", () => {
    expect(memoryTokenStore().get()).toBeNull();
    const session = tokenSet("a");
    expect(memoryTokenStore(session).get()).toEqual(session);
  });

  it("replaces the stored set and clears it", () => {
    const store = memoryTokenStore(tokenSet("a"));
    const next = tokenSet("b");
    store.set(next);
    expect(store.get()).toEqual(next);
    store.clear();
    expect(store.get()).toBeNull();
  });
});
