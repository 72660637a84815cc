// decisions D3: what our tokens are, which ones are refused, rotation, reuse detection, logout.
import { createHash } from "node:crypto";
import { TokenSetSchema } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { generateSigningKeyPem, signingKeysFromPem } from "../src/auth/signing-key.js";
import { refreshTokens } from "../src/db/schema.js";
import { call, get, post } from "./support/http.js";
import { TEST_API_URL, signInAs, useTestApp } from "./support/test-app.js";

// A clock the tests move; every token check reads it.
let clock = new Date("2026-01-15T12:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const t = useTestApp({ now: () => clock });

const me = (token: string) => get(t.app, "/users/me", { token });
const refresh = (token: string) =>
  post(t.app, `/auth/refresh?refresh_token=${encodeURIComponent(token)}`);
const detail = (res: { body: unknown }) => (res.body as { detail: string }).detail;

describe("the tokens issued at sign-in", () => {
  it("are an EdDSA access JWT of 60 minutes and a refresh JWT of 30 days with a jti", async () => {
    const { user, tokens } = await signInAs(t.deps);
    expect(TokenSetSchema.parse(tokens).token_type).toBe("Bearer");

    const accessHeader = decodeProtectedHeader(tokens.access_token);
    const access = decodeJwt(tokens.access_token);
    expect(accessHeader).toMatchObject({ alg: "EdDSA", typ: "at+jwt" });
    expect(access).toMatchObject({ sub: String(user.id), iss: TEST_API_URL, aud: TEST_API_URL });
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(60 * 60);

    const refreshHeader = decodeProtectedHeader(tokens.refresh_token);
    const refreshClaims = decodeJwt(tokens.refresh_token);
    expect(refreshHeader).toMatchObject({ alg: "EdDSA", typ: "rt+jwt" });
    expect(refreshClaims).toMatchObject({
      sub: String(user.id),
      iss: TEST_API_URL,
      aud: `${TEST_API_URL}/auth/refresh`,
    });
    expect((refreshClaims.exp ?? 0) - (refreshClaims.iat ?? 0)).toBe(30 * 24 * 60 * 60);
    expect(refreshClaims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(refreshClaims.sid).toBe(access.sid);
  });

  it("keep only a SHA-256 hash of the refresh token in the database", async () => {
    const { tokens } = await signInAs(t.deps);
    const jti = decodeJwt(tokens.refresh_token).jti ?? "";
    const [row] = await t.deps.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, jti));
    expect(row?.tokenHash).toBe(createHash("sha256").update(tokens.refresh_token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokens.refresh_token.split(".")[2]);
  });
});

describe("access tokens that are refused with 401", () => {
  let tokens: { access_token: string; refresh_token: string };
  let userId: number;
  beforeAll(async () => {
    const signedIn = await signInAs(t.deps);
    tokens = signedIn.tokens;
    userId = signedIn.user.id;
  });

  async function forged(options: {
    alg: "EdDSA" | "HS256";
    typ?: string;
    iss?: string;
    aud?: string;
    key?: unknown;
    sid?: string;
  }) {
    const now = Math.floor(clock.getTime() / 1000);
    const sid = options.sid ?? (decodeJwt(tokens.access_token).sid as string);
    const key = options.key ?? signingKeysFromPem(generateSigningKeyPem()).privateKey;
    return new SignJWT({ sid })
      .setProtectedHeader({ alg: options.alg, typ: options.typ ?? "at+jwt" })
      .setSubject(String(userId))
      .setIssuer(options.iss ?? TEST_API_URL)
      .setAudience(options.aud ?? TEST_API_URL)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  }

  it("accepts the genuine token (the control case)", async () => {
    expect((await me(tokens.access_token)).status).toBe(200);
  });

  it("refuses a missing Authorization header, or one that is not Bearer", async () => {
    expect(detail(await get(t.app, "/users/me"))).toBe("Not authenticated");
    for (const header of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "Bearer ",
      `Token ${tokens.access_token}`,
    ]) {
      const res = await get(t.app, "/users/me", { headers: { Authorization: header } });
      expect(res.status).toBe(401);
      expect(detail(res)).toBe("Not authenticated");
    }
  });

  it("refuses garbage", async () => {
    for (const garbage of ["garbage", "a.b.c", "eyJhbGciOiJFZERTQSJ9..", "x".repeat(5000)]) {
      const res = await me(garbage);
      expect(res.status).toBe(401);
      expect(detail(res)).toBe("Invalid access token");
    }
  });

  it("refuses a tampered token (payload changed, signature kept)", async () => {
    const [header, payload, signature] = tokens.access_token.split(".") as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<
      string,
      unknown
    >;
    const changed = base64url.encode(JSON.stringify({ ...claims, sub: String(userId + 1) }));
    const res = await me(`${header}.${changed}.${signature}`);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("Invalid access token");
  });

  it("refuses a token signed with another key", async () => {
    expect((await me(await forged({ alg: "EdDSA" }))).status).toBe(401);
  });

  it('refuses alg "none"', async () => {
    const [, payload] = tokens.access_token.split(".") as [string, string];
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "at+jwt" }));
    const res = await me(`${header}.${payload}.`);
    expect(res.status).toBe(401);
  });

  it("refuses HS256 signed with our public key as the secret", async () => {
    const publicPem = t.keys.publicKey.export({ type: "spki", format: "pem" }).toString();
    const token = await forged({ alg: "HS256", key: new TextEncoder().encode(publicPem) });
    expect((await me(token)).status).toBe(401);
  });

  it("refuses our own key's token with another issuer or audience", async () => {
    const key = t.keys.privateKey;
    expect(
      (await me(await forged({ alg: "EdDSA", key, iss: "https://evil.example" }))).status,
    ).toBe(401);
    expect(
      (await me(await forged({ alg: "EdDSA", key, aud: "https://other.example" }))).status,
    ).toBe(401);
    // Same key, right claims: accepted, so the two refusals above are about iss and aud.
    expect((await me(await forged({ alg: "EdDSA", key }))).status).toBe(200);
  });

  it("refuses our own key's token whose sign-in id is malformed with 401, not a database error", async () => {
    const res = await me(await forged({ alg: "EdDSA", key: t.keys.privateKey, sid: "not-a-uuid" }));
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("Invalid access token");
  });

  it("refuses a refresh token used as an access token, and an access token used to refresh", async () => {
    expect(detail(await me(tokens.refresh_token))).toBe("Invalid access token");
    const res = await refresh(tokens.access_token);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("Invalid refresh token");
  });

  it("refuses a token whose typ is that of a refresh token, even with access claims", async () => {
    const token = await forged({ alg: "EdDSA", key: t.keys.privateKey, typ: "rt+jwt" });
    expect((await me(token)).status).toBe(401);
  });

  it("accepts an access token for 60 minutes and refuses it as expired after", async () => {
    const fresh = await signInAs(t.deps);
    advance(59 * MINUTE);
    expect((await me(fresh.tokens.access_token)).status).toBe(200);
    advance(2 * MINUTE);
    const res = await me(fresh.tokens.access_token);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("The access token has expired");
  });
});

describe("POST /auth/refresh", () => {
  it("takes the token from the query string with the spec's JSON content type and no body", async () => {
    const { tokens } = await signInAs(t.deps);
    const res = await post(t.app, `/auth/refresh?refresh_token=${tokens.refresh_token}`, {
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    const next = TokenSetSchema.parse(res.body);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(next.access_token)).status).toBe(200);
  });

  it("takes the token from a JSON body", async () => {
    const { tokens } = await signInAs(t.deps);
    const res = await post(t.app, "/auth/refresh", {
      body: { refresh_token: tokens.refresh_token },
    });
    expect(res.status).toBe(200);
    TokenSetSchema.parse(res.body);
  });

  it("answers 401 without a token, and 422 for a body without refresh_token", async () => {
    const none = await post(t.app, "/auth/refresh");
    expect(none.status).toBe(401);
    expect(detail(none)).toContain("refresh_token");
    const wrong = await post(t.app, "/auth/refresh", { body: { token: "x" } });
    expect(wrong.status).toBe(422);
    expect((wrong.body as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual([
      "body",
      "refresh_token",
    ]);
  });

  it("rotates: each refresh gives a new refresh token, and the chain keeps working", async () => {
    let { tokens } = await signInAs(t.deps);
    const seen = new Set([tokens.refresh_token]);
    for (let i = 0; i < 3; i += 1) {
      advance(1000);
      const res = await refresh(tokens.refresh_token);
      expect(res.status).toBe(200);
      tokens = TokenSetSchema.parse(res.body);
      expect(seen.has(tokens.refresh_token)).toBe(false);
      seen.add(tokens.refresh_token);
    }
    expect((await me(tokens.access_token)).status).toBe(200);
  });

  it("treats a rotated token presented again as reuse and ends the whole sign-in", async () => {
    const { tokens: first } = await signInAs(t.deps);
    const second = TokenSetSchema.parse((await refresh(first.refresh_token)).body);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(detail(reuse)).toContain("already used");

    // The newest refresh token of the family and its access token stop working too.
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect((await me(second.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
  });

  it("lets exactly one of two concurrent refreshes with the same token succeed; the other counts as reuse", async () => {
    const { tokens } = await signInAs(t.deps);
    const results = await Promise.all([
      refresh(tokens.refresh_token),
      refresh(tokens.refresh_token),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = TokenSetSchema.parse(results.find((r) => r.status === 200)?.body);
    // Reuse ended the sign-in, so the winner's tokens are refused as well (documented outcome).
    expect((await refresh(winner.refresh_token)).status).toBe(401);
    expect((await me(winner.access_token)).status).toBe(401);
  });

  it("refuses a refresh token after 30 days as expired", async () => {
    const { tokens } = await signInAs(t.deps);
    advance(30 * DAY + 1000);
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("The refresh token has expired");
  });

  it("forgets a family's refresh tokens once they have expired, keeping the rotated ones until then", async () => {
    const { tokens: first } = await signInAs(t.deps);
    const family = decodeJwt(first.refresh_token).sid as string;
    const rows = async () =>
      (
        await t.deps.database.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.signInId, family))
      ).length;
    advance(29 * DAY);
    const second = TokenSetSchema.parse((await refresh(first.refresh_token)).body);
    expect(await rows()).toBe(2); // the rotated first token is kept: reuse is still detected
    advance(2 * DAY); // the first token has now expired
    expect((await refresh(second.refresh_token)).status).toBe(200);
    expect(await rows()).toBe(2); // the second (rotated) and the third
  });

  it("does not affect the user's other sign-ins", async () => {
    const { user, tokens: laptop } = await signInAs(t.deps);
    const phone = await t.deps.tokens.issueSignIn(user.id);
    await refresh(laptop.refresh_token);
    await refresh(laptop.refresh_token); // reuse: ends the laptop's sign-in only
    expect((await me(phone.access_token)).status).toBe(200);
    expect((await refresh(phone.refresh_token)).status).toBe(200);
  });
});

describe("POST /auth/logout", () => {
  it("ends the sign-in of a refresh token given in the query: refresh and access both stop", async () => {
    const { tokens } = await signInAs(t.deps);
    // Used once before: the access token's verification is remembered, its sign-in is not.
    expect((await me(tokens.access_token)).status).toBe(200);
    const res = await post(t.app, `/auth/logout?refresh_token=${tokens.refresh_token}`);
    expect(res.status).toBe(204);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
    expect((await me(tokens.access_token)).status).toBe(401);
  });

  it("ends the sign-in of a refresh token given in a JSON body", async () => {
    const { tokens } = await signInAs(t.deps);
    expect(
      (await post(t.app, "/auth/logout", { body: { refresh_token: tokens.refresh_token } })).status,
    ).toBe(204);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it("ends the sign-in of the bearer access token when no refresh token is given", async () => {
    const { tokens } = await signInAs(t.deps);
    expect((await call(t.app, "POST", "/auth/logout", { token: tokens.access_token })).status).toBe(
      204,
    );
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it("succeeds again for a sign-in that has already ended", async () => {
    const { tokens } = await signInAs(t.deps);
    expect((await post(t.app, `/auth/logout?refresh_token=${tokens.refresh_token}`)).status).toBe(
      204,
    );
    expect((await post(t.app, `/auth/logout?refresh_token=${tokens.refresh_token}`)).status).toBe(
      204,
    );
  });

  it("answers 401 without a token or with an invalid one, and ends nothing", async () => {
    const { tokens } = await signInAs(t.deps);
    expect((await post(t.app, "/auth/logout")).status).toBe(401);
    expect((await post(t.app, "/auth/logout?refresh_token=garbage")).status).toBe(401);
    expect((await call(t.app, "POST", "/auth/logout", { token: "garbage" })).status).toBe(401);
    expect((await me(tokens.access_token)).status).toBe(200);
  });

  it("ends only that sign-in, not the user's others", async () => {
    const { user, tokens } = await signInAs(t.deps);
    const other = await t.deps.tokens.issueSignIn(user.id);
    await post(t.app, `/auth/logout?refresh_token=${tokens.refresh_token}`);
    expect((await me(other.access_token)).status).toBe(200);
  });
});
