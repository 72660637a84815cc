import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "./api-error.js";

describe("retryAfterSeconds (RFC 9110's Retry-After)", () => {
  const now = new Date("2026-11-30T12:00:00Z");

  it("reads a number of seconds as it is", () => {
    expect(retryAfterSeconds("60", now)).toBe(60);
  });

  it("counts an HTTP date from now, in whole seconds rounded up, and a passed one as 0", () => {
    expect(retryAfterSeconds("Mon, 30 Nov 2026 12:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds("Mon, 30 Nov 2026 11:59:00 GMT", now)).toBe(0);
  });

  it("is null when there is none or it cannot be read", () => {
    expect(retryAfterSeconds(null, now)).toBeNull();
    for (const header of ["", "-5", "1.5", "soon", "2026-11-30T12:00:30Z"]) {
      expect(retryAfterSeconds(header, now)).toBeNull();
    }
  });
});
