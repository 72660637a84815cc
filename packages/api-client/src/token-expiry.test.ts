// spec 9: expiry comes from the `exp` claim in seconds; an unreadable token counts as expired.
import { describe, expect, it } from "vitest";
import { jwt } from "./test-support/fake-fetch.js";
import { isTokenExpired, readTokenExpiry } from "./token-expiry.js";

const exp = 1_772_366_400; // 2026-03-01T12:00:00Z
const expiresAt = new Date(exp * 1000);

function segment(value: string): string {
  return Buffer.from(value, "utf8").toString("base64url");
}

describe("readTokenExpiry", () => {
  it("reads exp as seconds since the epoch", () => {
    expect(readTokenExpiry(jwt({ exp }))).toEqual(new Date("2026-03-01T12:00:00Z"));
  });

  it("reads base64url payloads that use - and _ and carry no padding", () => {
    // "?>" and "~~" encode to base64 with "/" and "+", which base64url writes as "_" and "-".
    const payload = segment(JSON.stringify({ exp, name: "?>?>~~~ Zoë" }));
    expect(payload).toMatch(/[-_]/);
    expect(payload).not.toContain("=");
    expect(readTokenExpiry(`${segment("{}")}.${payload}.sig`)).toEqual(expiresAt);
  });

  it("reads a payload with non-ASCII text in it", () => {
    expect(readTokenExpiry(jwt({ exp, name: "Émilie 🦊" }))).toEqual(expiresAt);
  });

  it.each([
    ["an empty string", ""],
    ["a token with two parts", `${segment("{}")}.${segment(JSON.stringify({ exp }))}`],
    ["a payload that is not base64url", `${segment("{}")}.e30=!.sig`],
    ["a payload that is not JSON", `${segment("{}")}.${segment("exp")}.sig`],
    ["a payload that is JSON null", `${segment("{}")}.${segment("null")}.sig`],
    ["a payload without exp", jwt({ sub: "1" })],
    ["an exp that is text", jwt({ exp: String(exp) })],
    ["an exp beyond any date", jwt({ exp: 1e20 })],
    [
      "a payload that is not UTF-8",
      `${segment("{}")}.${Buffer.from([0xff, 0xfe]).toString("base64url")}.sig`,
    ],
  ])("gives null for %s", (_label, token) => {
    expect(readTokenExpiry(token)).toBeNull();
  });
});

describe("isTokenExpired", () => {
  it("is false before exp", () => {
    expect(isTokenExpired(jwt({ exp }), new Date(expiresAt.getTime() - 1))).toBe(false);
  });

  it("is true at exp itself and after it", () => {
    expect(isTokenExpired(jwt({ exp }), expiresAt)).toBe(true);
    expect(isTokenExpired(jwt({ exp }), new Date(expiresAt.getTime() + 1))).toBe(true);
  });

  it("counts an unreadable token as expired", () => {
    expect(isTokenExpired("not.a.jwt", new Date(0))).toBe(true);
  });
});
