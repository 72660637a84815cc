// decisions D3: what the routes ask of our tokens. A sign-in starts with a token set
// (token-sets.ts), refreshes by rotation (rotation.ts), and is checked on every request: the
// access token (jwt.ts, remembered once verified: verified-access-tokens.ts) and that its
// sign-in is still live (live-sign-ins.ts).
import { randomUUID } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { signIns, type UserRow } from "../../db/schema.js";
import { UnauthorizedError } from "../../errors/api-error.js";
import { liveSignIns } from "../live-sign-ins.js";
import type { SigningKeys } from "../signing-key.js";
import { type AccessClaims, type RefreshClaims, tokenJwt } from "./jwt.js";
import { rotateRefreshToken } from "./rotation.js";
import { mintTokenSet } from "./token-sets.js";
import { verifiedAccessTokens } from "./verified-access-tokens.js";

export interface TokenServiceOptions {
  db: Db;
  keys: SigningKeys;
  /** PUBLIC_API_URL: the `iss` of every token. */
  issuer: string;
  /** The clock; tests move it. */
  now?: () => Date;
}

export interface AuthenticatedUser {
  user: UserRow;
  signInId: string;
}

export interface TokenService {
  /** Starts a sign-in for `userId`: a new refresh-token family and its first token set. */
  issueSignIn(userId: number): Promise<TokenSet>;
  /** Rotates a refresh token: the new set, or a 401 (reuse revokes the whole sign-in). */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Checks an access token and that its sign-in is still live; the user, or a 401. */
  authenticate(accessToken: string): Promise<AuthenticatedUser>;
  /** Checks a token's signature, kind, issuer, audience and expiry (no database). */
  verify(token: string, kind: "access"): Promise<AccessClaims>;
  verify(token: string, kind: "refresh"): Promise<RefreshClaims>;
  /** Ends a sign-in: its refresh tokens stop working, and so do its access tokens. */
  revokeSignIn(signInId: string): Promise<void>;
}

export function createTokenService({
  db,
  keys,
  issuer,
  now = () => new Date(),
}: TokenServiceOptions): TokenService {
  const jwt = tokenJwt({ keys, issuer, now });
  const verifiedAccess = verifiedAccessTokens(now);
  const live = liveSignIns(db);

  async function verify(token: string, kind: "access"): Promise<AccessClaims>;
  async function verify(token: string, kind: "refresh"): Promise<RefreshClaims>;
  async function verify(token: string, kind: "access" | "refresh") {
    if (kind === "refresh") return jwt.verify(token, "refresh");
    const remembered = verifiedAccess.get(token);
    if (remembered !== null) return remembered;
    const claims = await jwt.verify(token, "access");
    verifiedAccess.remember(token, claims);
    return claims;
  }

  async function revokeSignIn(signInId: string): Promise<void> {
    await db
      .update(signIns)
      .set({ revokedAt: now() })
      .where(and(eq(signIns.id, signInId), isNull(signIns.revokedAt)));
  }

  return {
    verify,
    revokeSignIn,

    async issueSignIn(userId) {
      return db.transaction(async (tx) => {
        const signInId = randomUUID();
        const issuedAt = now();
        await tx.insert(signIns).values({ id: signInId, userId, createdAt: issuedAt });
        return mintTokenSet(tx, jwt, { userId, signInId, issuedAt });
      });
    },

    async refresh(refreshToken) {
      const claims = await verify(refreshToken, "refresh");
      return rotateRefreshToken({ db, jwt, now, revokeSignIn }, refreshToken, claims);
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
