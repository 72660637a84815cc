// spec 2, 4 and decisions D3: reading the sign-in results from the address and removing them.
import { memoryTokenStore } from "@life-admin/api-client";
import { describe, expect, it, vi } from "vitest";
import { tokenSet } from "../test/tokens";
import { NO_LANDING, acceptLanding, callbackOutcome, signInFailed, takeLanding } from "./landing";
import { createSessionStore } from "./session-store";

/** A history whose replaceState is recorded in `replaced`. */
function historyAt() {
  const replaced = vi.fn();
  const history = {
    state: { keep: true },
    replaceState: (...args: unknown[]) => {
      replaced(...args);
    },
  } as unknown as History;
  return { history, replaced };
}

const fresh = tokenSet("fresh");

describe("takeLanding (decisions D3)", () => {
  it("reads both tokens and removes every sign-in parameter, keeping the rest of the address", () => {
    const { history, replaced } = historyAt();
    const landing = takeLanding(
      {
        href: `http://web.test/auth/callback?a=1&token=${fresh.access_token}&refresh_token=${fresh.refresh_token}&error=x#top`,
      },
      history,
    );
    expect(landing).toEqual({ path: "/auth/callback", tokens: fresh, error: "x" });
    expect(replaced).toHaveBeenCalledWith({ keep: true }, "", "/auth/callback?a=1#top");
  });

  it("leaves an address without sign-in parameters alone", () => {
    const { history, replaced } = historyAt();
    expect(takeLanding({ href: "http://web.test/dashboard?view=all" }, history)).toEqual({
      path: "/dashboard",
      tokens: null,
      error: null,
    });
    expect(replaced).not.toHaveBeenCalled();
  });

  it("needs both tokens, non-empty", () => {
    expect(
      takeLanding({ href: "http://web.test/?token=a" }, historyAt().history).tokens,
    ).toBeNull();
    expect(
      takeLanding({ href: "http://web.test/?token=&refresh_token=b" }, historyAt().history).tokens,
    ).toBeNull();
  });
});

describe("acceptLanding (spec 4)", () => {
  it.each(["/", "/auth/callback"])("signs in with both tokens on %s", (path) => {
    const session = createSessionStore(memoryTokenStore());
    acceptLanding({ path, tokens: fresh, error: null }, session);
    expect(session.isSignedIn()).toBe(true);
    expect(session.tokens.get()).toEqual(fresh);
  });

  it("does not sign in with an error, or on another page", () => {
    const session = createSessionStore(memoryTokenStore());
    acceptLanding({ path: "/", tokens: fresh, error: "denied" }, session);
    acceptLanding({ path: "/dashboard", tokens: fresh, error: null }, session);
    expect(session.isSignedIn()).toBe(false);
  });
});

describe("what the pages make of the landing (spec 4, 8)", () => {
  it("gives the callback its outcome", () => {
    expect(callbackOutcome({ path: "/auth/callback", tokens: fresh, error: null })).toBe(
      "signed-in",
    );
    expect(callbackOutcome({ path: "/auth/callback", tokens: fresh, error: "x" })).toBe("failed");
    expect(callbackOutcome({ path: "/auth/callback", tokens: null, error: null })).toBe(
      "incomplete",
    );
    expect(callbackOutcome(NO_LANDING)).toBe("incomplete");
  });

  it("tells the sign-up page that sign-in failed only for an error on /", () => {
    expect(signInFailed({ path: "/", tokens: null, error: "denied" })).toBe(true);
    expect(signInFailed({ path: "/auth/callback", tokens: null, error: "denied" })).toBe(false);
    expect(signInFailed({ path: "/", tokens: null, error: null })).toBe(false);
  });
});
