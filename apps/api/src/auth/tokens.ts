// decisions D3: our access and refresh tokens. Both are Ed25519-signed JWTs; the kind is in the
// `typ` header and the audience, and verification pins the algorithm. A sign-in is one family of
// refresh tokens: every refresh rotates the token, and presenting a rotated one again revokes the
// whole family (reuse detection).
import { createHash, randomUUID } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";
import { and, eq, exists, gt, isNull, lt } from "drizzle-orm";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import type { Db } from "../db/database.js";
import { refreshTokens, signIns, type UserRow } from "../db/schema.js";
import { UnauthorizedError } from "../errors.js";
import { liveSignIns } from "./live-sign-ins.js";
import { TOKEN_ALGORITHM, type SigningKeys } from "./signing-key.js";

/** How many verified access tokens a process remembers (createTokenService). */
const VERIFIED_ACCESS_TOKENS_KEPT = 10_000;

/** decisions D3: about 60 minutes (the web app checks every 55, spec 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** decisions D3: about 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** RFC 9068's media type for access tokens, and our own for refresh tokens. */
export const ACCESS_TOKEN_TYPE = "at+jwt";
export const REFRESH_TOKEN_TYPE = "rt+jwt";

export type TokenKind = "access" | "refresh";

export interface TokenServiceOptions {
  db: Db;
  keys: SigningKeys;
  /** PUBLIC_API_URL: the `iss` of every token. */
  issuer: string;
  /** The clock; tests move it. */
  now?: () => Date;
}

export interface AccessClaims {
  userId: number;
  signInId: string;
}

export interface RefreshClaims extends AccessClaims {
  jti: string;
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

/** decisions D3: refresh tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const KIND = {
  access: { typ: ACCESS_TOKEN_TYPE, name: "access token" },
  refresh: { typ: REFRESH_TOKEN_TYPE, name: "refresh token" },
} as const;

function audienceOf(issuer: string, kind: TokenKind): string {
  // A refresh token is addressed to the refresh endpoint only, never to the API at large.
  return kind === "access" ? issuer : `${issuer}/auth/refresh`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function createTokenService({
  db,
  keys,
  issuer,
  now = () => new Date(),
}: TokenServiceOptions): TokenService {
  async function sign(
    kind: TokenKind,
    claims: { sub: string; sid: string; jti?: string },
    issuedAt: Date,
    ttlSeconds: number,
  ): Promise<string> {
    const jwt = new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: KIND[kind].typ, kid: keys.kid })
      .setIssuer(issuer)
      .setAudience(audienceOf(issuer, kind))
      .setSubject(claims.sub)
      .setIssuedAt(toSeconds(issuedAt))
      .setExpirationTime(toSeconds(issuedAt) + ttlSeconds);
    if (claims.jti !== undefined) jwt.setJti(claims.jti);
    return jwt.sign(keys.privateKey);
  }

  // issue 7: access tokens already verified, until they expire. A signature check per request was
  // an eighth of GET /tasks/'s time. For one token string and one key, the signature, kind, issuer
  // and audience cannot change; expiry is checked on every use; revocation is authenticate's
  // database check, every time. Oldest first out beyond the limit.
  const verifiedAccess = new Map<string, { claims: AccessClaims; exp: number }>();

  function cachedAccess(token: string): AccessClaims | null {
    const entry = verifiedAccess.get(token);
    if (entry === undefined) return null;
    if (entry.exp > toSeconds(now())) return entry.claims;
    verifiedAccess.delete(token);
    throw new UnauthorizedError(`The ${KIND.access.name} has expired`);
  }

  function rememberAccess(token: string, claims: AccessClaims, exp: number): void {
    if (verifiedAccess.size >= VERIFIED_ACCESS_TOKENS_KEPT) {
      const oldest = verifiedAccess.keys().next();
      if (oldest.done !== true) verifiedAccess.delete(oldest.value);
    }
    verifiedAccess.set(token, { claims, exp });
  }

  async function verify(token: string, kind: "access"): Promise<AccessClaims>;
  async function verify(token: string, kind: "refresh"): Promise<RefreshClaims>;
  async function verify(token: string, kind: TokenKind): Promise<AccessClaims | RefreshClaims> {
    if (kind === "access") {
      const cached = cachedAccess(token);
      if (cached !== null) return cached;
    }
    const { name, typ } = KIND[kind];
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys.publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        typ,
        issuer,
        audience: audienceOf(issuer, kind),
        requiredClaims: kind === "refresh" ? ["sub", "exp", "iat", "jti"] : ["sub", "exp", "iat"],
        currentDate: now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new UnauthorizedError(`The ${name} has expired`);
      }
      throw new UnauthorizedError(`Invalid ${name}`);
    }
    const userId = Number(payload.sub);
    const { sid: signInId, jti } = payload;
    // Ids go into uuid columns: a malformed one must be a 401 here, not a database error later.
    if (!Number.isSafeInteger(userId) || userId <= 0 || !isUuid(signInId)) {
      throw new UnauthorizedError(`Invalid ${name}`);
    }
    if (kind === "access") {
      const claims = { userId, signInId };
      // requiredClaims: jose has checked that exp is there.
      if (typeof payload.exp === "number") rememberAccess(token, claims, payload.exp);
      return claims;
    }
    if (!isUuid(jti)) throw new UnauthorizedError(`Invalid ${name}`);
    return { userId, signInId, jti };
  }

  /** Signs a token set for a sign-in and records the refresh token's hash (inside `tx`). */
  async function mintTokenSet(tx: Db, userId: number, signInId: string): Promise<TokenSet> {
    const issuedAt = now();
    const jti = randomUUID();
    const sub = String(userId);
    const refreshToken = await sign(
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
    const accessToken = await sign(
      "access",
      { sub, sid: signInId },
      issuedAt,
      ACCESS_TOKEN_TTL_SECONDS,
    );
    return { access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer" };
  }

  const live = liveSignIns(db);

  async function revokeSignIn(signInId: string): Promise<void> {
    await db
      .update(signIns)
      .set({ revokedAt: now() })
      .where(and(eq(signIns.id, signInId), isNull(signIns.revokedAt)));
  }

  /** Why a refresh token that verified could not be rotated; revokes the family on reuse. */
  async function refusal(claims: RefreshClaims, tokenHash: string): Promise<UnauthorizedError> {
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
      // decisions D3: a rotated token came back. Either it leaked or the client raced itself;
      // both ways the family is no longer trustworthy.
      await revokeSignIn(claims.signInId);
      return new UnauthorizedError(
        "This refresh token was already used; the sign-in has been ended. Please sign in again",
      );
    }
    return new UnauthorizedError("The refresh token has expired");
  }

  return {
    verify,
    revokeSignIn,

    async issueSignIn(userId) {
      return db.transaction(async (tx) => {
        const signInId = randomUUID();
        await tx.insert(signIns).values({ id: signInId, userId, createdAt: now() });
        return mintTokenSet(tx, userId, signInId);
      });
    },

    async refresh(refreshToken) {
      const claims = await verify(refreshToken, "refresh");
      const tokenHash = hashToken(refreshToken);
      const at = now();
      // One statement decides the race: of two requests with the same token, exactly one
      // finds rotated_at still NULL; the other sees it set and is treated as reuse.
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
        // Rotated tokens are kept until they expire (to recognise reuse); after that their own
        // `exp` refuses them, so the family's expired rows can go.
        await tx
          .delete(refreshTokens)
          .where(and(eq(refreshTokens.signInId, row.signInId), lt(refreshTokens.expiresAt, at)));
        return mintTokenSet(tx, claims.userId, row.signInId);
      });
      if (rotated === null) throw await refusal(claims, tokenHash);
      return rotated;
    },

    async authenticate(accessToken) {
      const { userId, signInId } = await verify(accessToken, "access");
      const user = await live.check(signInId, userId);
      if (user === null)
        throw new UnauthorizedError("This sign-in has ended; please sign in again");
      return { user, signInId };
    },
  };
}
