// decisions D3: what our tokens are, which ones are refused, rotation, reuse detection, logout;
// issue 17: a sign-in's absolute lifetime and idle limit, the grace window for refresh races,
// pruning, and the security events they log.
import { createHash, randomUUID } from "node:crypto";
import { TokenSetSchema, type TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { generateSigningKeyPem, signingKeysFromPem } from "../src/auth/signing-key.js";
import { ENDED_SIGN_INS_KEPT_DAYS, PRUNED_PER_SIGN_IN } from "../src/auth/tokens/prune.js";
import { refreshTokens, signIns } from "../src/db/schema.js";
import { call, get, post } from "./support/http.js";
import {
  TEST_API_URL,
  createTestApp,
  signInAs,
  testConfig,
  useTestApp,
} from "./support/test-app.js";

// A clock the tests move; every token check reads it.
let clock = new Date("2026-01-15T12:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

const t = useTestApp({ now: () => clock });

const me = (token: string) => get(t.app, "/users/me", { token });
const refresh = (token: string) =>
  post(t.app, `/auth/refresh?refresh_token=${encodeURIComponent(token)}`);
const detail = (res: { body: unknown }) => (res.body as { detail: string }).detail;

describe("the tokens issued at sign-in", () => {
  it("are an EdDSA access JWT of 60 minutes and a refresh JWT of 14 days (the idle limit) with a jti", async () => {
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
    expect((refreshClaims.exp ?? 0) - (refreshClaims.iat ?? 0)).toBe(14 * 24 * 60 * 60);
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

  it("treats a rotated token presented again after the grace window as reuse and ends the whole sign-in", async () => {
    const { tokens: first } = await signInAs(t.deps);
    const second = TokenSetSchema.parse((await refresh(first.refresh_token)).body);

    advance(10 * SECOND); // REFRESH_GRACE_SECONDS, 10 by default: the window has closed
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(detail(reuse)).toContain("already used");

    // The newest refresh token of the family and its access token stop working too.
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect((await me(second.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
  });

  it("refuses a refresh token left unused for 14 days (the idle limit) as expired", async () => {
    const { tokens } = await signInAs(t.deps);
    advance(14 * DAY);
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
    advance(13 * DAY);
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
    advance(10 * SECOND);
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

const signInIdOf = (tokens: TokenSet) => decodeJwt(tokens.refresh_token).sid as string;
const expOf = (token: string) => (decodeJwt(token).exp ?? 0) * 1000;
/** The instant a sign-in made at `start` ends, as a token's `exp` (whole seconds) says it. */
const endOf = (start: number, days = 30) => Math.floor((start + days * DAY) / 1000) * 1000;
const eventsOf = (signInId: string) =>
  t.logs.lines().filter((line) => line.signInId === signInId && typeof line.event === "string");

/** Refreshes, expecting a new token set. */
async function refreshed(tokens: TokenSet): Promise<TokenSet> {
  const res = await refresh(tokens.refresh_token);
  expect(res.status, detail(res)).toBe(200);
  return TokenSetSchema.parse(res.body);
}

describe("a sign-in's absolute lifetime (SESSION_MAX_AGE_DAYS, 30 by default)", () => {
  it("refreshes at day 29 but not at day 30: rotation does not extend the sign-in", async () => {
    const start = clock.getTime();
    let { tokens } = await signInAs(t.deps);
    for (const day of [10, 20, 29]) {
      advance(start + day * DAY - clock.getTime());
      tokens = await refreshed(tokens);
      expect((await me(tokens.access_token)).status).toBe(200);
    }
    // No token of the sign-in outlives day 30, however recently it was rotated.
    expect(expOf(tokens.refresh_token)).toBe(endOf(start));
    expect(expOf(tokens.access_token)).toBeLessThanOrEqual(endOf(start));

    advance(start + 30 * DAY - clock.getTime());
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("This sign-in has ended; please sign in again");
    expect(eventsOf(signInIdOf(tokens))).toContainEqual(
      expect.objectContaining({ event: "sign_in_expired", reason: "max_age" }),
    );
  });

  it("caps the tokens of a refresh near the end at the end, and refuses its access token after", async () => {
    const start = clock.getTime();
    let { tokens } = await signInAs(t.deps);
    for (const day of [10, 20]) {
      advance(start + day * DAY - clock.getTime());
      tokens = await refreshed(tokens);
    }
    advance(start + 30 * DAY - 20 * MINUTE - clock.getTime());
    tokens = await refreshed(tokens);
    expect(expOf(tokens.access_token)).toBe(endOf(start)); // not 60 minutes from now
    expect((await me(tokens.access_token)).status).toBe(200);

    advance(20 * MINUTE);
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it("refuses an access token of an ended sign-in even when the token's own exp has not passed", async () => {
    const { user, tokens } = await signInAs(t.deps);
    advance(30 * DAY);
    // Genuinely signed, but minted as if no cap applied (say, by a process without it).
    const iat = Math.floor(clock.getTime() / 1000);
    const outliving = await new SignJWT({ sid: signInIdOf(tokens) })
      .setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" })
      .setSubject(String(user.id))
      .setIssuer(TEST_API_URL)
      .setAudience(TEST_API_URL)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(t.keys.privateKey);
    const res = await me(outliving);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("This sign-in has ended; please sign in again");
  });

  it("follows SESSION_MAX_AGE_DAYS: with 1 day, the first refresh token already ends with the sign-in", async () => {
    const short = await createTestApp({
      config: testConfig({ SESSION_MAX_AGE_DAYS: "1" }),
      now: () => clock,
    });
    try {
      const start = clock.getTime();
      const { tokens } = await signInAs(short.deps);
      expect(expOf(tokens.refresh_token)).toBe(endOf(start, 1));
      advance(DAY - MINUTE);
      const next = await post(short.app, "/auth/refresh", {
        body: { refresh_token: tokens.refresh_token },
      });
      expect(next.status).toBe(200);
      advance(MINUTE);
      const ended = await post(short.app, "/auth/refresh", {
        body: { refresh_token: TokenSetSchema.parse(next.body).refresh_token },
      });
      expect(ended.status).toBe(401);
      expect(detail(ended)).toBe("This sign-in has ended; please sign in again");
    } finally {
      await short.close();
    }
  });
});

describe("the idle limit (SESSION_IDLE_DAYS, 14 by default)", () => {
  it("keeps a sign-in refreshed within 14 days going, and ends one then left for 14 days", async () => {
    let { tokens } = await signInAs(t.deps);
    advance(14 * DAY - SECOND);
    tokens = await refreshed(tokens);
    expect((await me(tokens.access_token)).status).toBe(200);

    advance(14 * DAY); // still 2 days before the sign-in's absolute end
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(401);
    expect(detail(res)).toBe("The refresh token has expired");
    expect(eventsOf(signInIdOf(tokens))).toContainEqual(
      expect.objectContaining({ event: "sign_in_expired", reason: "idle" }),
    );
  });
});

describe("the grace window for a just-rotated refresh token (REFRESH_GRACE_SECONDS, 10 by default)", () => {
  it("answers two refreshes with the same token at once alike, and the sign-in stays live", async () => {
    const { tokens } = await signInAs(t.deps);
    const [one, other] = await Promise.all([
      refresh(tokens.refresh_token),
      post(t.app, "/auth/refresh", { body: { refresh_token: tokens.refresh_token } }),
    ]);
    expect([one.status, other.status]).toEqual([200, 200]);
    expect(one.text).toBe(other.text); // byte for byte the same token set
    const successor = TokenSetSchema.parse(one.body);
    expect(successor.refresh_token).not.toBe(tokens.refresh_token);

    expect((await me(successor.access_token)).status).toBe(200);
    advance(MINUTE);
    const next = await refreshed(successor);
    expect((await me(next.access_token)).status).toBe(200);
  });

  it("answers a repeat after a lost answer with the same successor, up to the end of the window", async () => {
    const { tokens } = await signInAs(t.deps);
    const first = await refresh(tokens.refresh_token);
    advance(10 * SECOND - 1);
    const repeat = await refresh(tokens.refresh_token);
    expect(repeat.status).toBe(200);
    expect(repeat.text).toBe(first.text);
    expect(eventsOf(signInIdOf(tokens))).toContainEqual(
      expect.objectContaining({ event: "refresh_grace" }),
    );
  });

  it("treats the same token after the window as reuse, which ends the sign-in", async () => {
    const { tokens } = await signInAs(t.deps);
    const successor = await refreshed(tokens);
    advance(10 * SECOND);
    const late = await refresh(tokens.refresh_token);
    expect(late.status).toBe(401);
    expect(detail(late)).toContain("already used");
    expect((await refresh(successor.refresh_token)).status).toBe(401);
    expect((await me(successor.access_token)).status).toBe(401);
  });

  it("treats a repeat within the window as reuse once its successor was itself rotated", async () => {
    const { tokens } = await signInAs(t.deps);
    const successor = await refreshed(tokens);
    const newest = await refreshed(successor);
    const repeat = await refresh(tokens.refresh_token);
    expect(repeat.status).toBe(401);
    expect(detail(repeat)).toContain("already used");
    expect((await refresh(newest.refresh_token)).status).toBe(401);
    expect((await me(newest.access_token)).status).toBe(401);
  });

  it("gives no grace answer once the sign-in was ended by logout", async () => {
    const { tokens } = await signInAs(t.deps);
    const successor = await refreshed(tokens);
    await post(t.app, "/auth/logout", { body: { refresh_token: successor.refresh_token } });
    const repeat = await refresh(tokens.refresh_token);
    expect(repeat.status).toBe(401);
    expect(detail(repeat)).toBe("This sign-in has ended; please sign in again");
  });

  it("gives no grace answer once the sign-in has reached its absolute end", async () => {
    const start = clock.getTime();
    let { tokens } = await signInAs(t.deps);
    advance(10 * DAY);
    tokens = await refreshed(tokens);
    advance(10 * DAY);
    tokens = await refreshed(tokens);
    advance(start + 30 * DAY - 5 * SECOND - clock.getTime());
    await refreshed(tokens);
    advance(5 * SECOND);
    const repeat = await refresh(tokens.refresh_token);
    expect(repeat.status).toBe(401);
    expect(detail(repeat)).toBe("This sign-in has ended; please sign in again");
  });

  it("is off with REFRESH_GRACE_SECONDS=0: an immediate repeat is reuse", async () => {
    const strict = await createTestApp({
      config: testConfig({ REFRESH_GRACE_SECONDS: "0" }),
      now: () => clock,
    });
    try {
      const { tokens } = await signInAs(strict.deps);
      const send = () =>
        post(strict.app, "/auth/refresh", { body: { refresh_token: tokens.refresh_token } });
      expect((await send()).status).toBe(200);
      const repeat = await send();
      expect(repeat.status).toBe(401);
      expect(detail(repeat)).toContain("already used");
    } finally {
      await strict.close();
    }
  });
});

describe("security events", () => {
  it("log reuse with its revocation, and sign-out, with the user and sign-in ids and no token", async () => {
    const { user, tokens } = await signInAs(t.deps);
    const successor = await refreshed(tokens);
    advance(10 * SECOND);
    await refresh(tokens.refresh_token); // reuse
    const other = await signInAs(t.deps);
    await call(t.app, "POST", "/auth/logout", { token: other.tokens.access_token });

    expect(eventsOf(signInIdOf(tokens))).toContainEqual(
      expect.objectContaining({ event: "refresh_token_reuse", userId: user.id, level: 40 }),
    );
    expect(eventsOf(signInIdOf(other.tokens))).toContainEqual(
      expect.objectContaining({ event: "sign_out", userId: other.user.id }),
    );
    const text = t.logs.text();
    for (const secret of [tokens, successor, other.tokens].flatMap((s) => [
      s.access_token,
      s.refresh_token,
    ])) {
      for (const part of secret.split(".")) expect(text).not.toContain(part);
      expect(text).not.toContain(createHash("sha256").update(secret).digest("hex"));
    }
  });
});

describe("pruning, a few rows at each new sign-in", () => {
  let pruneClock = new Date("2027-06-01T00:00:00Z");
  const p = useTestApp({ now: () => pruneClock });
  const later = (ms: number) => {
    pruneClock = new Date(pruneClock.getTime() + ms);
  };
  const rowsOf = async (signInId: string) => ({
    signIns: (await p.deps.database.db.select().from(signIns).where(eq(signIns.id, signInId)))
      .length,
    refreshTokens: (
      await p.deps.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.signInId, signInId))
    ).length,
  });

  it("deletes the expired refresh tokens of a family no longer refreshed, and keeps the live ones", async () => {
    const idle = await signInAs(p.deps);
    const idleTokens = await p.deps.tokens.refresh(idle.tokens.refresh_token);
    const active = await signInAs(p.deps);
    later(13 * DAY);
    const activeTokens = await p.deps.tokens.refresh(active.tokens.refresh_token);
    later(2 * DAY); // the idle family's two tokens have expired; the active one's newest has not
    await signInAs(p.deps);
    expect(await rowsOf(signInIdOf(idleTokens))).toEqual({ signIns: 1, refreshTokens: 0 });
    expect(await rowsOf(signInIdOf(activeTokens))).toEqual({ signIns: 1, refreshTokens: 1 });
    await expect(p.deps.tokens.refresh(activeTokens.refresh_token)).resolves.toMatchObject({
      token_type: "Bearer",
    });
  });

  it(`deletes sign-ins ${ENDED_SIGN_INS_KEPT_DAYS} days past their end, not sooner`, async () => {
    const { tokens } = await signInAs(p.deps);
    const sid = signInIdOf(tokens);
    later((30 + ENDED_SIGN_INS_KEPT_DAYS) * DAY - MINUTE);
    await signInAs(p.deps);
    expect((await rowsOf(sid)).signIns).toBe(1);
    later(2 * MINUTE);
    await signInAs(p.deps);
    expect(await rowsOf(sid)).toEqual({ signIns: 0, refreshTokens: 0 });
  });

  it(`deletes at most ${PRUNED_PER_SIGN_IN} expired refresh tokens at a time`, async () => {
    const { tokens } = await signInAs(p.deps);
    const sid = signInIdOf(tokens);
    await p.deps.database.db.insert(refreshTokens).values(
      Array.from({ length: PRUNED_PER_SIGN_IN + 20 }, () => ({
        jti: randomUUID(),
        signInId: sid,
        tokenHash: "expired",
        expiresAt: new Date(pruneClock.getTime() - DAY),
      })),
    );
    await signInAs(p.deps);
    expect((await rowsOf(sid)).refreshTokens).toBe(1 + 20);
    await signInAs(p.deps);
    expect((await rowsOf(sid)).refreshTokens).toBe(1);
  });
});
