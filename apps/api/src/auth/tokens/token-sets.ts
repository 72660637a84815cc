// decisions D3: a token set is an access token and a refresh token for one sign-in. The refresh
// token is recorded only as its hash, with its expiry, so that it can be rotated once and
// recognised if it comes back (rotation.ts).
import { createHash, randomUUID } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import type { Db } from "../../db/database.js";
import { refreshTokens } from "../../db/schema.js";
import type { TokenJwt } from "./jwt.js";

/** decisions D3: about 60 minutes (the web app checks every 55, spec 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** decisions D3: about 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** decisions D3: refresh tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Signs a token set for a sign-in at `issuedAt` and records the refresh token's hash (in `tx`). */
export async function mintTokenSet(
  tx: Db,
  jwt: TokenJwt,
  { userId, signInId, issuedAt }: { userId: number; signInId: string; issuedAt: Date },
): Promise<TokenSet> {
  const jti = randomUUID();
  const sub = String(userId);
  const refreshToken = await jwt.sign(
    "refresh",
    { sub, sid: signInId, jti },
    issuedAt,
    REFRESH_TOKEN_TTL_SECONDS,
  );
  await tx.insert(refreshTokens).values({
    jti,
    signInId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    createdAt: issuedAt,
  });
  const accessToken = await jwt.sign(
    "access",
    { sub, sid: signInId },
    issuedAt,
    ACCESS_TOKEN_TTL_SECONDS,
  );
  return { access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer" };
}
