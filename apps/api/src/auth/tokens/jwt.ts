// decisions D3: our access and refresh tokens are Ed25519-signed JWTs. The kind is in the `typ`
// header and the audience, and verification pins the algorithm. No database here: a token that
// verifies may still belong to a sign-in that has ended (token-service.ts checks that).
import { type JWTPayload, SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { UnauthorizedError } from "../../errors/api-error.js";
import { TOKEN_ALGORITHM, type SigningKeys } from "../signing-key.js";

/** RFC 9068's media type for access tokens, and our own for refresh tokens. */
export const ACCESS_TOKEN_TYPE = "at+jwt";
export const REFRESH_TOKEN_TYPE = "rt+jwt";

export type TokenKind = "access" | "refresh";

export interface AccessClaims {
  userId: number;
  signInId: string;
}

export interface RefreshClaims extends AccessClaims {
  jti: string;
}

/** A token's claims as verified, with its expiry in seconds since the epoch. */
export type Verified<Claims> = Claims & { exp: number };

/** What a token says: the same values (and key) always sign to the same string (Ed25519). */
export interface TokenClaims {
  sub: string;
  sid: string;
  jti?: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

/**
 * A 401 for a token that is genuine (signature, kind, issuer and audience checked) but past its
 * `exp`, with the claims it carried: a refresh can then say whether the sign-in itself has ended.
 */
export class TokenExpiredError extends UnauthorizedError {
  constructor(
    kind: TokenKind,
    readonly claims: AccessClaims,
  ) {
    super(`The ${nameOf(kind)} has expired`);
    this.name = "TokenExpiredError";
  }
}

export interface TokenJwt {
  sign(kind: TokenKind, claims: TokenClaims): Promise<string>;
  /** Checks signature, kind, issuer, audience and expiry; the claims, or a 401. */
  verify(token: string, kind: "access"): Promise<Verified<AccessClaims>>;
  verify(token: string, kind: "refresh"): Promise<Verified<RefreshClaims>>;
}

export interface TokenJwtOptions {
  keys: SigningKeys;
  /** PUBLIC_API_URL: the `iss` of every token. */
  issuer: string;
  now: () => Date;
}

const KIND = {
  access: { typ: ACCESS_TOKEN_TYPE, name: "access token" },
  refresh: { typ: REFRESH_TOKEN_TYPE, name: "refresh token" },
} as const;

/** "access token" or "refresh token", as messages name them. */
export function nameOf(kind: TokenKind): string {
  return KIND[kind].name;
}

function audienceOf(issuer: string, kind: TokenKind): string {
  // A refresh token is addressed to the refresh endpoint only, never to the API at large.
  return kind === "access" ? issuer : `${issuer}/auth/refresh`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function tokenJwt({ keys, issuer, now }: TokenJwtOptions): TokenJwt {
  async function verify(token: string, kind: "access"): Promise<Verified<AccessClaims>>;
  async function verify(token: string, kind: "refresh"): Promise<Verified<RefreshClaims>>;
  async function verify(
    token: string,
    kind: TokenKind,
  ): Promise<Verified<AccessClaims> | Verified<RefreshClaims>> {
    const { name, typ } = KIND[kind];
    let payload: JWTPayload;
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
      // jose checks the signature, typ, iss and aud before exp: an expired token's claims are ours.
      if (error instanceof joseErrors.JWTExpired) {
        throw new TokenExpiredError(kind, claimsOf(error.payload, kind));
      }
      throw new UnauthorizedError(`Invalid ${name}`);
    }
    return claimsOf(payload, kind);
  }

  /** The claims of a payload whose signature has been checked, or a 401 if they are malformed. */
  function claimsOf(payload: JWTPayload, kind: TokenKind): Verified<AccessClaims | RefreshClaims> {
    const { name } = KIND[kind];
    const userId = Number(payload.sub);
    const { sid: signInId, jti, exp } = payload;
    // Ids go into uuid columns: a malformed one must be a 401 here, not a database error later.
    // requiredClaims: jose has checked that exp is there.
    if (!Number.isSafeInteger(userId) || userId <= 0 || !isUuid(signInId) || exp === undefined) {
      throw new UnauthorizedError(`Invalid ${name}`);
    }
    if (kind === "access") return { userId, signInId, exp };
    if (!isUuid(jti)) throw new UnauthorizedError(`Invalid ${name}`);
    return { userId, signInId, jti, exp };
  }

  return {
    verify,
    async sign(kind, claims) {
      // The order of the claims and of the header is fixed here, so re-signing the same claims
      // gives the same string (rotation.ts's grace answer relies on it).
      const jwt = new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: KIND[kind].typ, kid: keys.kid })
        .setIssuer(issuer)
        .setAudience(audienceOf(issuer, kind))
        .setSubject(claims.sub)
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp);
      if (claims.jti !== undefined) jwt.setJti(claims.jti);
      return jwt.sign(keys.privateKey);
    },
  };
}
