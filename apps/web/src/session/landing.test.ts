// spec 2, 4 and decisions D2: reading the sign-in results from the address and removing them.
import { describe, expect, it, vi } from "vitest";
import { signInFailed, takeLanding } from "./landing";

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

describe("takeLanding (decisions D2)", () => {
  it("reads the code and the error and removes every sign-in parameter, keeping the rest of the address", () => {
    const { history, replaced } = historyAt();
    const landing = takeLanding(
      { href: "http://web.test/auth/callback?a=1&code=c0de&error=x#top" },
      history,
    );
    expect(landing).toEqual({ path: "/auth/callback", code: "c0de", error: "x" });
    expect(replaced).toHaveBeenCalledWith({ keep: true }, "", "/auth/callback?a=1#top");
  });

  it("removes tokens from the address and keeps nothing of them", () => {
    const { history, replaced } = historyAt();
    const landing = takeLanding({ href: "http://web.test/?token=a&refresh_token=b" }, history);
    expect(landing).toEqual({ path: "/", code: null, error: null });
    expect(replaced).toHaveBeenCalledWith({ keep: true }, "", "/");
  });

  it("leaves an address without sign-in parameters alone", () => {
    const { history, replaced } = historyAt();
    expect(takeLanding({ href: "http://web.test/dashboard?view=all" }, history)).toEqual({
      path: "/dashboard",
      code: null,
      error: null,
    });
    expect(replaced).not.toHaveBeenCalled();
  });

  it("reads an empty code as none", () => {
    expect(
      takeLanding({ href: "http://web.test/auth/callback?code=" }, historyAt().history).code,
    ).toBeNull();
  });
});

describe("what the sign-up page makes of the landing (spec 4, 8)", () => {
  it("says that sign-in failed only for an error on /", () => {
    expect(signInFailed({ path: "/", code: null, error: "denied" })).toBe(true);
    expect(signInFailed({ path: "/auth/callback", code: null, error: "denied" })).toBe(false);
    expect(signInFailed({ path: "/", code: null, error: null })).toBe(false);
  });
});
