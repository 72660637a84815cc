// spec 4: the session as React watches it: every change through the store is announced once.
import { memoryTokenStore } from "@life-admin/api-client";
import { describe, expect, it, vi } from "vitest";
import { tokenSet } from "../test/tokens";
import { createSessionStore } from "./session-store";

describe("createSessionStore", () => {
  it("starts from what is stored", () => {
    expect(createSessionStore(memoryTokenStore(tokenSet("a"))).isSignedIn()).toBe(true);
    expect(createSessionStore(memoryTokenStore()).isSignedIn()).toBe(false);
  });

  it("announces a sign-in and a clear, but not a refresh that keeps the session", () => {
    const session = createSessionStore(memoryTokenStore());
    const listener = vi.fn();
    session.subscribe(listener);
    session.signIn(tokenSet("a"));
    expect(listener).toHaveBeenCalledTimes(1);
    session.tokens.set(tokenSet("b"));
    expect(listener).toHaveBeenCalledTimes(1);
    session.tokens.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(session.isSignedIn()).toBe(false);
  });

  it("reads the underlying store again on sync (another tab wrote it)", () => {
    const shared = memoryTokenStore(tokenSet("a"));
    const session = createSessionStore(shared);
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    shared.clear();
    expect(session.isSignedIn()).toBe(true);
    session.sync();
    expect(session.isSignedIn()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    shared.set(tokenSet("b"));
    session.sync();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
