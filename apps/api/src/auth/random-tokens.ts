// The bearer secrets in URLs (a calendar feed's, an invitation link's): 32 random bytes from the
// CSPRNG in base64url, looked up by their SHA-256 so that the database never holds one.

import { createHash, randomBytes } from "node:crypto";

/** 32 bytes in base64url: the only shape such a token has. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new secret: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What a token is stored and looked up by: its SHA-256, hex. */
const sha256Hex = (token: string) => createHash("sha256").update(token).digest("hex");

/** The SHA-256 of a token, hex, as stored; null for a string that cannot be a token. */
export function tokenHashOf(token: string): string | null {
  return TOKEN.test(token) ? sha256Hex(token) : null;
}

/** A new token and the hash it is stored under (an invitation link's). */
export function tokenWithHash(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: sha256Hex(token) };
}
