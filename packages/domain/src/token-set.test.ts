import { describe, expect, it } from "vitest";
import { TokenSetSchema } from "./token-set.js";

const TOKENS = { access_token: "a.b.c", refresh_token: "d.e.f", token_type: "Bearer" };

describe("TokenSetSchema", () => {
  it("accepts a token set of type Bearer", () => {
    expect(TokenSetSchema.parse(TOKENS)).toEqual(TOKENS);
  });

  it("drops fields it does not know", () => {
    expect(TokenSetSchema.parse({ ...TOKENS, expires_in: 3600 })).toEqual(TOKENS);
  });

  it.each([
    ["a lower-case token type", { token_type: "bearer" }],
    ["another token type", { token_type: "MAC" }],
    ["an empty access token", { access_token: "" }],
    ["an empty refresh token", { refresh_token: "" }],
    ["no refresh token", { refresh_token: undefined }],
  ])("rejects %s", (_, override) => {
    expect(TokenSetSchema.safeParse({ ...TOKENS, ...override }).success).toBe(false);
  });
});
