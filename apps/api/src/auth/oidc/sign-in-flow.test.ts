// The parts of the sign-in that the end-to-end tests cannot reach from a browser: the claims an
// ID token may lack, and a database that fails in the middle of a callback.
import type { IDToken } from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_WEB_ORIGIN, type TestApp } from "../../../test/support/test-app.js";
import { identityFrom } from "./oidc-client.js";
import { failureRedirect, successRedirect } from "./sign-in-flow.js";

const verified = { iss: "https://issuer.example", sub: "123", aud: "client", iat: 1, exp: 2 };

describe("reading the identity from an ID token", () => {
  it("takes issuer, subject, email, name and picture", () => {
    const claims: IDToken = {
      ...verified,
      email: " ada@example.com ",
      name: "Ada Lovelace",
      picture: "https://example.com/ada.png",
    };
    expect(identityFrom(claims)).toEqual({
      issuer: "https://issuer.example",
      subject: "123",
      email: "ada@example.com",
      fullName: "Ada Lovelace",
      picture: "https://example.com/ada.png",
    });
  });

  it("leaves out a name or picture that is missing, blank or not text", () => {
    const identity = identityFrom({ ...verified, email: "a@example.com", name: "  ", picture: 7 });
    expect(identity.fullName).toBeNull();
    expect(identity.picture).toBeNull();
  });

  it("refuses an ID token without an email", () => {
    expect(() => identityFrom({ ...verified, name: "Ada" })).toThrow(
      expect.objectContaining({ code: "missing_claims" }),
    );
    expect(() => identityFrom(undefined)).toThrow(
      expect.objectContaining({ code: "missing_claims" }),
    );
  });
});

describe("the redirects into the web app", () => {
  it("puts only the one-time code in the query of /auth/callback (decisions D2)", () => {
    const url = new URL(successRedirect(TEST_WEB_ORIGIN, "a-b_c"));
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_WEB_ORIGIN}/auth/callback`);
    expect([...url.searchParams]).toEqual([["code", "a-b_c"]]);
  });

  it("puts only the error code in the query of / (spec 4)", () => {
    expect(failureRedirect(TEST_WEB_ORIGIN, "invalid_state")).toBe(
      `${TEST_WEB_ORIGIN}/?error=invalid_state`,
    );
  });
});

describe("a callback while the database is down", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp();
    await api.deps.database.close();
  });
  afterAll(() => api.close());

  it("redirects with server_error and logs the failure without the request's values", async () => {
    const response = await api.app.request(
      "/auth/google/callback?state=s3cr3t-state&code=s3cr3t-code",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${TEST_WEB_ORIGIN}/?error=server_error`);
    expect(api.logs.lines()).toContainEqual(
      expect.objectContaining({ event: "sign_in_failed", code: "server_error" }),
    );
    expect(api.logs.text()).not.toContain("s3cr3t");
  });
});
