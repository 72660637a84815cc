// decisions D3: what the routes ask of our tokens. A sign-in starts with a token set
// (token-sets.ts), refreshes by rotation (rotation.ts), and is checked on every request: the
// access token (jwt.ts, remembered once verified: verified-access-tokens.ts) and that its
// sign-in is still live (live-sign-ins.ts). It ends when revoked, at its absolute end, or when
// it is not refreshed for the idle limit (issue 17); what is left of ended ones is pruned
// (prune.ts).
import { randomUUID } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import { and, inArray, isNull } from "drizzle-orm";
import type { SessionLimits } from "../../config.js";
import type { Db } from "../../db/database.js";
import { signIns, type UserRow } from "../../db/schema.js";
import { UnauthorizedError } from "../../errors/api-error.js";
import type { Logger } from "../../logger.js";
import { liveSignIns } from "../live-sign-ins.js";
import type { SigningKeys } from "../signing-key.js";
import { type AccessClaims, type RefreshClaims, TokenExpiredError, tokenJwt } from "./jwt.js";
import { pruneEndedSessions } from "./prune.js";
import { refuseExpiredRefreshToken, rotateRefreshToken, type RotationOptions } from "./rotation.js";
import { mintTokenSet } from "./token-sets.js";
import { verifiedAccessTokens } from "./verified-access-tokens.js";

export interface TokenServiceOptions {
  db: Db;
  /** What the per-request sign-in check reads (Database.signInDb); `db` when not given. */
  checkDb?: Db;
  keys: SigningKeys;
  /** PUBLIC_API_URL: the `iss` of every token. */
  issuer: string;
  /** SESSION_MAX_AGE_DAYS, SESSION_IDLE_DAYS, REFRESH_GRACE_SECONDS. */
  limits: SessionLimits;
  /** Security events (reuse, grace answers, ended sign-ins); never a token. */
  logger: Logger;
  /** The clock; tests move it. */
  now?: () => Date;
}

const DAY_SECONDS = 24 * 60 * 60;

export interface AuthenticatedUser {
  user: UserRow;
  signInId: string;
}

export interface TokenService {
  /**
   * Starts a sign-in for `userId`: a new refresh-token family and its first token set. `device`:
   * what Settings calls the browser that signed in (issue 22, device-name.ts).
   */
  issueSignIn(userId: number, device?: string | null): Promise<TokenSet>;
  /**
   * Rotates a refresh token: the new set, or a 401 (reuse revokes the whole sign-in).
   * `beforeRotation` runs once the token is verified and before any row is touched (the route's
   * limit per account); what it throws is the refresh's answer.
   */
  refresh(
    refreshToken: string,
    beforeRotation?: (claims: RefreshClaims) => Promise<void>,
  ): Promise<TokenSet>;
  /** Checks an access token and that its sign-in is still live; the user, or a 401. */
  authenticate(accessToken: string): Promise<AuthenticatedUser>;
  /**
   * Checks a token's signature, kind, issuer, audience and expiry (no database), except that an
   * expired refresh token's 401 says, from the database, whether its whole sign-in has ended.
   */
  verify(token: string, kind: "access"): Promise<AccessClaims>;
  verify(token: string, kind: "refresh"): Promise<RefreshClaims>;
  /** Ends a sign-in: its refresh tokens stop working, and so do its access tokens. */
  revokeSignIn(signInId: string): Promise<void>;
  /** Ends these sign-ins the same way, in one statement (issue 22: "Sign out everywhere else"). */
  revokeSignIns(signInIds: readonly string[]): Promise<void>;
}

export function createTokenService({
  db,
  checkDb = db,
  keys,
  issuer,
  limits,
  logger,
  now = () => new Date(),
}: TokenServiceOptions): TokenService {
  const jwt = tokenJwt({ keys, issuer, now });
  const verifiedAccess = verifiedAccessTokens(now);
  const live = liveSignIns(checkDb, now);
  const idleSeconds = limits.idleDays * DAY_SECONDS;

  async function verify(token: string, kind: "access"): Promise<AccessClaims>;
  async function verify(token: string, kind: "refresh"): Promise<RefreshClaims>;
  async function verify(token: string, kind: "access" | "refresh") {
    if (kind === "refresh") return verifyRefreshToken(token);
    const remembered = verifiedAccess.get(token);
    if (remembered !== null) return remembered;
    const claims = await jwt.verify(token, "access");
    verifiedAccess.remember(token, claims);
    return claims;
  }

  // The refresh and a logout by refresh token get the same answer for an expired one.
  async function verifyRefreshToken(token: string): Promise<RefreshClaims> {
    try {
      return await jwt.verify(token, "refresh");
    } catch (error) {
      if (error instanceof TokenExpiredError) {
        throw await refuseExpiredRefreshToken(rotation, error.claims);
      }
      throw error;
    }
  }

  async function revokeSignIns(signInIds: readonly string[]): Promise<void> {
    if (signInIds.length === 0) return;
    await db
      .update(signIns)
      .set({ revokedAt: now() })
      .where(and(inArray(signIns.id, [...signInIds]), isNull(signIns.revokedAt)));
  }
  const revokeSignIn = (signInId: string) => revokeSignIns([signInId]);

  const rotation: RotationOptions = {
    db,
    jwt,
    now,
    logger,
    idleSeconds,
    graceMs: limits.refreshGraceSeconds * 1000,
    revokeSignIn,
  };

  return {
    verify,
    revokeSignIn,
    revokeSignIns,

    async issueSignIn(userId, device = null) {
      const issuedAt = now();
      await pruneEndedSessions(db, issuedAt);
      return db.transaction(async (tx) => {
        const signInId = randomUUID();
        // issue 17: the absolute end, fixed now; rotation never moves it.
        const signInEndsAt = new Date(issuedAt.getTime() + limits.maxAgeDays * DAY_SECONDS * 1000);
        await tx.insert(signIns).values({
          id: signInId,
          userId,
          createdAt: issuedAt,
          expiresAt: signInEndsAt,
          device,
          lastUsedAt: issuedAt,
        });
        return mintTokenSet(tx, jwt, {
          userId,
          signInId,
          jti: randomUUID(),
          issuedAt,
          signInEndsAt,
          idleSeconds,
        });
      });
    },

    async refresh(refreshToken, beforeRotation) {
      const claims = await verifyRefreshToken(refreshToken);
      await beforeRotation?.(claims);
      return rotateRefreshToken(rotation, refreshToken, claims);
    },

    async authenticate(accessToken) {
      const { userId, signInId } = await verify(accessToken, "access");
      const user = await live.check(signInId, userId);
      if (user === null) {
        throw new UnauthorizedError("This sign-in has ended; please sign in again");
      }
      return { user, signInId };
    },
  };
}
