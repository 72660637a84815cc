// decisions D3: a sign-in is one family of refresh tokens. Every refresh rotates the token, and a
// rotated one presented again revokes the whole family (reuse detection), except just after its
// rotation: a repeat within the grace window gets the same successor (issue 17: two refreshes
// racing, or an answer lost on the way, must not sign a person out).
import { randomUUID } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { refreshTokens, signIns } from "../../db/schema.js";
import { UnauthorizedError } from "../../errors/api-error.js";
import type { Logger } from "../../logger.js";
import { type AccessClaims, type RefreshClaims, type TokenJwt, toSeconds } from "./jwt.js";
import { accessExpiry, hashToken, mintTokenSet, signTokenSet } from "./token-sets.js";

export interface RotationOptions {
  db: Db;
  jwt: TokenJwt;
  now: () => Date;
  logger: Logger;
  /** SESSION_IDLE_DAYS in seconds: the life of each new refresh token. */
  idleSeconds: number;
  /** REFRESH_GRACE_SECONDS in milliseconds (0: no grace, every repeat is reuse). */
  graceMs: number;
  /** Ends a sign-in: what reuse of a rotated token does. */
  revokeSignIn: (signInId: string) => Promise<void>;
}

const SIGN_IN_ENDED = "This sign-in has ended; please sign in again";

/** The next token set for a verified refresh token, or the 401 that says why there is none. */
export async function rotateRefreshToken(
  options: RotationOptions,
  refreshToken: string,
  claims: RefreshClaims,
): Promise<TokenSet> {
  const { db, jwt, now, idleSeconds } = options;
  const tokenHash = hashToken(refreshToken);
  const at = now();
  const successorJti = randomUUID();
  // One statement decides the race: of two requests with the same token, exactly one finds
  // rotated_at still NULL and records its successor; the other finds the successor (grace) or
  // counts as reuse. The sign-in must be neither revoked nor past its absolute end.
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: at, successorJti })
      .from(signIns)
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          eq(refreshTokens.signInId, claims.signInId),
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, at),
          eq(signIns.id, refreshTokens.signInId),
          isNull(signIns.revokedAt),
          gt(signIns.expiresAt, at),
        ),
      )
      .returning({ signInId: refreshTokens.signInId, signInEndsAt: signIns.expiresAt });
    if (!row) return null;
    // issue 22: Settings shows when each device last used its sign-in.
    await tx.update(signIns).set({ lastUsedAt: at }).where(eq(signIns.id, row.signInId));
    // Rotated tokens are kept until they expire (to recognise reuse); after that their own `exp`
    // refuses them, so the family's expired rows can go.
    await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.signInId, row.signInId), lt(refreshTokens.expiresAt, at)));
    return mintTokenSet(tx, jwt, {
      userId: claims.userId,
      signInId: row.signInId,
      jti: successorJti,
      issuedAt: at,
      signInEndsAt: row.signInEndsAt,
      idleSeconds,
    });
  });
  if (rotated !== null) return rotated;
  return afterRefusedRotation(options, claims, tokenHash, at);
}

const successors = alias(refreshTokens, "successors");

/**
 * A verified refresh token that could not be rotated: the successor it was rotated to, if it
 * comes back within the grace window; else the 401 that says why (reuse revokes the family).
 */
async function afterRefusedRotation(
  options: RotationOptions,
  claims: RefreshClaims,
  tokenHash: string,
  at: Date,
): Promise<TokenSet> {
  const { db, jwt, logger, graceMs, revokeSignIn } = options;
  const [row] = await db
    .select({
      rotatedAt: refreshTokens.rotatedAt,
      tokenHash: refreshTokens.tokenHash,
      revokedAt: signIns.revokedAt,
      signInEndsAt: signIns.expiresAt,
      successor: {
        jti: successors.jti,
        tokenHash: successors.tokenHash,
        createdAt: successors.createdAt,
        expiresAt: successors.expiresAt,
        rotatedAt: successors.rotatedAt,
      },
    })
    .from(refreshTokens)
    .innerJoin(signIns, eq(signIns.id, refreshTokens.signInId))
    .leftJoin(successors, eq(successors.jti, refreshTokens.successorJti))
    .where(and(eq(refreshTokens.jti, claims.jti), eq(refreshTokens.signInId, claims.signInId)))
    .limit(1);
  if (row?.tokenHash !== tokenHash) throw new UnauthorizedError("Invalid refresh token");
  if (row.revokedAt !== null) throw new UnauthorizedError(SIGN_IN_ENDED);
  if (row.signInEndsAt <= at) throw signInEnded(logger, claims, "max_age");
  if (row.rotatedAt === null) throw new UnauthorizedError("The refresh token has expired");

  const { successor } = row;
  const sinceRotation = at.getTime() - row.rotatedAt.getTime();
  // The successor must still be the family's newest: once it was rotated itself, the client has
  // moved on, and an older token coming back is reuse whatever the time.
  if (
    graceMs > 0 &&
    sinceRotation < graceMs &&
    successor !== null &&
    successor.rotatedAt === null &&
    successor.expiresAt > at
  ) {
    // Ed25519 signatures are deterministic: the successor's claims, signed again with the same
    // key, are the very tokens the first request answered. Nothing is stored but their hash,
    // which proves it.
    const iat = toSeconds(successor.createdAt);
    const tokens = await signTokenSet(jwt, {
      userId: claims.userId,
      signInId: claims.signInId,
      jti: successor.jti,
      iat,
      accessExp: accessExpiry(iat, row.signInEndsAt),
      refreshExp: toSeconds(successor.expiresAt),
    });
    if (hashToken(tokens.refresh_token) === successor.tokenHash) {
      logger.info(
        { event: "refresh_grace", userId: claims.userId, signInId: claims.signInId },
        "a just-rotated refresh token came back within the grace window: same successor answered",
      );
      return tokens;
    }
    // Only a change of signing key between the two requests gets here. The person may hold the
    // successor already, so this is no sign of theft: refuse without ending the sign-in.
    logger.warn(
      { event: "refresh_grace_unavailable", userId: claims.userId, signInId: claims.signInId },
      "the successor of a just-rotated refresh token could not be signed again",
    );
    throw new UnauthorizedError("This refresh token was already used");
  }

  // decisions D3: a rotated token came back. Either it leaked or a copy of it is being used; both
  // ways the family is no longer trustworthy.
  await revokeSignIn(claims.signInId);
  logger.warn(
    { event: "refresh_token_reuse", userId: claims.userId, signInId: claims.signInId },
    "a rotated refresh token was presented again: the sign-in is revoked",
  );
  throw new UnauthorizedError(
    "This refresh token was already used; the sign-in has been ended. Please sign in again",
  );
}

/** The 401 for a sign-in that has ended by time, logged as a security event. */
export function signInEnded(
  logger: Logger,
  claims: AccessClaims,
  reason: "max_age" | "idle",
): UnauthorizedError {
  logger.info(
    { event: "sign_in_expired", reason, userId: claims.userId, signInId: claims.signInId },
    reason === "max_age"
      ? "a refresh of a sign-in past its absolute lifetime was refused"
      : "a refresh with an expired refresh token was refused",
  );
  return new UnauthorizedError(
    reason === "max_age" ? SIGN_IN_ENDED : "The refresh token has expired",
  );
}

/**
 * The 401 for a genuine refresh token past its `exp`. Its exp is the sign-in's end when that came
 * first, so the sign-in is looked up to say which limit ended it.
 */
export async function refuseExpiredRefreshToken(
  { db, now, logger }: Pick<RotationOptions, "db" | "now" | "logger">,
  claims: AccessClaims,
): Promise<UnauthorizedError> {
  const [signIn] = await db
    .select({ endsAt: signIns.expiresAt, revokedAt: signIns.revokedAt })
    .from(signIns)
    .where(eq(signIns.id, claims.signInId))
    .limit(1);
  // Gone: pruned long after its end (prune.ts).
  if (signIn === undefined) return new UnauthorizedError("The refresh token has expired");
  if (signIn.revokedAt !== null) return new UnauthorizedError(SIGN_IN_ENDED);
  return signInEnded(logger, claims, signIn.endsAt <= now() ? "max_age" : "idle");
}
