// decisions D3: a token set is an access token and a refresh token for one sign-in. The refresh
// token is recorded only as its hash, with its expiry, so that it can be rotated once and
// recognised if it comes back (rotation.ts). No token outlives its sign-in (issue 17).
import { createHash } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import type { Db } from "../../db/database.js";
import { refreshTokens } from "../../db/schema.js";
import { type TokenJwt, toSeconds } from "./jwt.js";

/** decisions D3: about 60 minutes (the web app checks every 55, spec 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** decisions D3: refresh tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Everything a token set's two tokens are signed from (times in seconds since the epoch). The
 * same values sign to the same two strings, so a set can be given again without being stored.
 */
export interface TokenSetClaims {
  userId: number;
  signInId: string;
  /** The refresh token's id. */
  jti: string;
  iat: number;
  accessExp: number;
  refreshExp: number;
}

/** An access token's `exp`: 60 minutes after `iat`, but never after its sign-in ends. */
export function accessExpiry(iat: number, signInEndsAt: Date): number {
  return Math.min(iat + ACCESS_TOKEN_TTL_SECONDS, toSeconds(signInEndsAt));
}

/** issue 17: a refresh token lives the idle limit, but never after its sign-in ends. */
export function refreshExpiry(iat: number, signInEndsAt: Date, idleSeconds: number): number {
  return Math.min(iat + idleSeconds, toSeconds(signInEndsAt));
}

export async function signTokenSet(jwt: TokenJwt, claims: TokenSetClaims): Promise<TokenSet> {
  const sub = String(claims.userId);
  const sid = claims.signInId;
  const [accessToken, refreshToken] = await Promise.all([
    jwt.sign("access", { sub, sid, iat: claims.iat, exp: claims.accessExp }),
    jwt.sign("refresh", { sub, sid, jti: claims.jti, iat: claims.iat, exp: claims.refreshExp }),
  ]);
  return { access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer" };
}

export interface NewTokenSet {
  userId: number;
  signInId: string;
  /** The new refresh token's id (rotation records it on the token it replaces first). */
  jti: string;
  issuedAt: Date;
  /** The sign-in's absolute end (sign_ins.expires_at). */
  signInEndsAt: Date;
  /** SESSION_IDLE_DAYS in seconds. */
  idleSeconds: number;
}

/** Signs a token set for a sign-in at `issuedAt` and records the refresh token's hash (in `tx`). */
export async function mintTokenSet(tx: Db, jwt: TokenJwt, set: NewTokenSet): Promise<TokenSet> {
  const iat = toSeconds(set.issuedAt);
  const refreshExp = refreshExpiry(iat, set.signInEndsAt, set.idleSeconds);
  const tokens = await signTokenSet(jwt, {
    userId: set.userId,
    signInId: set.signInId,
    jti: set.jti,
    iat,
    accessExp: accessExpiry(iat, set.signInEndsAt),
    refreshExp,
  });
  await tx.insert(refreshTokens).values({
    jti: set.jti,
    signInId: set.signInId,
    tokenHash: hashToken(tokens.refresh_token),
    // The token's own exp, to the second: the row and the token expire at the same instant, and
    // the grace answer signs the same exp again from this row (rotation.ts).
    expiresAt: new Date(refreshExp * 1000),
    createdAt: set.issuedAt,
  });
  return tokens;
}
