// Tokens an attacker could present (issue 8, suite 2; decisions D3): every way a bearer or
// refresh token can be missing, malformed, expired, early, misaddressed, unsigned, signed with
// the wrong algorithm or key, tampered with, of the wrong kind, or absurdly large. Where a
// forgery needs our own key (to show that a claim alone is checked), it uses it.
import { randomBytes, randomUUID } from "node:crypto";
import type { SigningKeys } from "@life-admin/api/testing";
import { SignJWT, base64url, decodeJwt, generateKeyPair } from "jose";

export interface ForgeContext {
  keys: SigningKeys;
  /** PUBLIC_API_URL: the tokens' issuer. */
  issuer: string;
  /** A live sign-in whose tokens are forged upon. */
  victim: { userId: number; accessToken: string; refreshToken: string };
  /** Another user's id, for a tampered `sub`. */
  otherUserId: number;
  /** A token of a sign-in that has ended (logged out). */
  endedAccessToken: string;
  endedRefreshToken: string;
}

export type TokenKind = "access" | "refresh";

export interface Forgery {
  name: string;
  /** The token to present, or null for none at all. */
  make(context: ForgeContext): Promise<string | null>;
}

const SIXTEEN_KB = 16 * 1024;

interface Claims {
  alg?: "EdDSA" | "HS256";
  key?: Parameters<SignJWT["sign"]>[0];
  typ?: string | null;
  kid?: string;
  iss?: string;
  aud?: string;
  sub?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
  jti?: string;
  extra?: Record<string, unknown>;
}

function audienceOf(issuer: string, kind: TokenKind): string {
  return kind === "access" ? issuer : `${issuer}/auth/refresh`;
}

/** A token of `kind` for the victim, with whatever is overridden. */
async function sign(context: ForgeContext, kind: TokenKind, claims: Claims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const genuine = decodeJwt(
    kind === "access" ? context.victim.accessToken : context.victim.refreshToken,
  );
  const alg = claims.alg ?? "EdDSA";
  const typ = claims.typ === undefined ? (kind === "access" ? "at+jwt" : "rt+jwt") : claims.typ;
  const header: { alg: string; typ?: string; kid?: string } = { alg };
  if (typ !== null) header.typ = typ;
  if (claims.kid !== undefined) header.kid = claims.kid;
  const jwt = new SignJWT({ sid: genuine.sid, ...claims.extra })
    .setProtectedHeader(header)
    .setIssuer(claims.iss ?? context.issuer)
    .setAudience(claims.aud ?? audienceOf(context.issuer, kind))
    .setSubject(claims.sub ?? String(context.victim.userId))
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 600);
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  const jti = claims.jti ?? (kind === "refresh" ? randomUUID() : undefined);
  if (jti !== undefined) jwt.setJti(jti);
  return jwt.sign(claims.key ?? context.keys.privateKey);
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(part))) as Record<string, unknown>;
}

/** The genuine token with its payload changed and its signature kept. */
function tampered(token: string, change: Record<string, unknown>): string {
  const [header = "", payload = "", signature = ""] = token.split(".");
  const claims = { ...decodePart(payload), ...change };
  return `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
}

/** The genuine token's claims under `alg: none`, with no signature. */
function unsigned(token: string): string {
  const [header = "", payload = ""] = token.split(".");
  const none = base64url.encode(JSON.stringify({ ...decodePart(header), alg: "none" }));
  return `${none}.${payload}.`;
}

async function anotherKey() {
  return (await generateKeyPair("EdDSA", { crv: "Ed25519" })).privateKey;
}

function publicPem(context: ForgeContext): Uint8Array {
  return new TextEncoder().encode(
    context.keys.publicKey.export({ type: "spki", format: "pem" }).toString(),
  );
}

function rawPublicKey(context: ForgeContext): Uint8Array {
  const jwk = context.keys.publicKey.export({ format: "jwk" });
  return base64url.decode(jwk.x ?? "");
}

const now = () => Math.floor(Date.now() / 1000);

/** Every forgery of a token of `kind`; each must be refused with 401. */
export function forgeriesOf(kind: TokenKind): Forgery[] {
  const genuine = (c: ForgeContext) =>
    kind === "access" ? c.victim.accessToken : c.victim.refreshToken;
  const list: Forgery[] = [
    { name: "no token", make: () => Promise.resolve(null) },
    { name: "garbage", make: () => Promise.resolve("garbage") },
    { name: "three empty parts", make: () => Promise.resolve("..") },
    { name: "expired", make: (c) => sign(c, kind, { iat: now() - 7200, exp: now() - 3600 }) },
    { name: "nbf in the future", make: (c) => sign(c, kind, { nbf: now() + 3600 }) },
    { name: "another issuer", make: (c) => sign(c, kind, { iss: "https://evil.example" }) },
    { name: "another audience", make: (c) => sign(c, kind, { aud: "https://other.example" }) },
    {
      name: "the other kind's audience",
      make: (c) =>
        sign(c, kind, { aud: audienceOf(c.issuer, kind === "access" ? "refresh" : "access") }),
    },
    { name: "no typ header", make: (c) => sign(c, kind, { typ: null }) },
    { name: "alg none", make: (c) => Promise.resolve(unsigned(genuine(c))) },
    {
      name: "HS256 signed with our public key (PEM) as the secret",
      make: (c) => sign(c, kind, { alg: "HS256", key: publicPem(c) }),
    },
    {
      name: "HS256 signed with our raw public key as the secret",
      make: (c) => sign(c, kind, { alg: "HS256", key: rawPublicKey(c) }),
    },
    {
      name: "HS256 signed with another secret",
      make: (c) => sign(c, kind, { alg: "HS256", key: randomBytes(32) }),
    },
    {
      name: "EdDSA signed with another key",
      make: async (c) => sign(c, kind, { key: await anotherKey() }),
    },
    {
      name: "another key under our kid",
      make: async (c) => sign(c, kind, { key: await anotherKey(), kid: c.keys.kid }),
    },
    {
      name: "tampered sub (another user, signature kept)",
      make: (c) => Promise.resolve(tampered(genuine(c), { sub: String(c.otherUserId) })),
    },
    {
      name: "tampered exp (a year later, signature kept)",
      make: (c) => Promise.resolve(tampered(genuine(c), { exp: now() + 365 * 86_400 })),
    },
    {
      name: kind === "access" ? "a refresh token" : "an access token",
      make: (c) =>
        Promise.resolve(kind === "access" ? c.victim.refreshToken : c.victim.accessToken),
    },
    {
      name: "an ended sign-in's token",
      make: (c) => Promise.resolve(kind === "access" ? c.endedAccessToken : c.endedRefreshToken),
    },
    {
      name: "16 KB token signed with another key",
      make: async (c) => {
        const token = await sign(c, kind, {
          key: await anotherKey(),
          extra: { pad: "p".repeat(SIXTEEN_KB) },
        });
        return token;
      },
    },
    { name: "16 KB of text", make: () => Promise.resolve("t".repeat(SIXTEEN_KB)) },
  ];
  if (kind === "refresh") {
    list.push({
      name: "a well-signed refresh token the server never issued (unknown jti)",
      make: (c) => sign(c, "refresh", {}),
    });
  }
  return list;
}
