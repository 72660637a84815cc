// decisions D3: a sign-in is one family of refresh tokens. Every refresh rotates the token, and a
// rotated one presented again revokes the whole family (reuse detection).
import type { TokenSet } from "@life-admin/domain";
import { and, eq, exists, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { refreshTokens, signIns } from "../../db/schema.js";
import { UnauthorizedError } from "../../errors/api-error.js";
import type { RefreshClaims, TokenJwt } from "./jwt.js";
import { hashToken, mintTokenSet } from "./token-sets.js";

export interface RotationOptions {
  db: Db;
  jwt: TokenJwt;
  now: () => Date;
  /** Ends a sign-in: what reuse of a rotated token does. */
  revokeSignIn: (signInId: string) => Promise<void>;
}

/** The next token set for a verified refresh token, or the 401 that says why there is none. */
export async function rotateRefreshToken(
  { db, jwt, now, revokeSignIn }: RotationOptions,
  refreshToken: string,
  claims: RefreshClaims,
): Promise<TokenSet> {
  const tokenHash = hashToken(refreshToken);
  const at = now();
  // One statement decides the race: of two requests with the same token, exactly one finds
  // rotated_at still NULL; the other sees it set and is treated as reuse.
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: at })
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          eq(refreshTokens.signInId, claims.signInId),
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, at),
          exists(
            tx
              .select({ id: signIns.id })
              .from(signIns)
              .where(and(eq(signIns.id, refreshTokens.signInId), isNull(signIns.revokedAt))),
          ),
        ),
      )
      .returning({ signInId: refreshTokens.signInId });
    if (!row) return null;
    // Rotated tokens are kept until they expire (to recognise reuse); after that their own `exp`
    // refuses them, so the family's expired rows can go.
    await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.signInId, row.signInId), lt(refreshTokens.expiresAt, at)));
    return mintTokenSet(tx, jwt, { userId: claims.userId, signInId: row.signInId, issuedAt: at });
  });
  if (rotated !== null) return rotated;
  throw await refusal(db, claims, tokenHash, revokeSignIn);
}

/** Why a refresh token that verified could not be rotated; revokes the family on reuse. */
async function refusal(
  db: Db,
  claims: RefreshClaims,
  tokenHash: string,
  revokeSignIn: (signInId: string) => Promise<void>,
): Promise<UnauthorizedError> {
  const [row] = await db
    .select({
      rotatedAt: refreshTokens.rotatedAt,
      tokenHash: refreshTokens.tokenHash,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: signIns.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(signIns, eq(signIns.id, refreshTokens.signInId))
    .where(and(eq(refreshTokens.jti, claims.jti), eq(refreshTokens.signInId, claims.signInId)))
    .limit(1);
  if (row?.tokenHash !== tokenHash) return new UnauthorizedError("Invalid refresh token");
  if (row.revokedAt !== null) {
    return new UnauthorizedError("This sign-in has ended; please sign in again");
  }
  if (row.rotatedAt !== null) {
    // decisions D3: a rotated token came back. Either it leaked or the client raced itself; both
    // ways the family is no longer trustworthy.
    await revokeSignIn(claims.signInId);
    return new UnauthorizedError(
      "This refresh token was already used; the sign-in has been ended. Please sign in again",
    );
  }
  return new UnauthorizedError("The refresh token has expired");
}
