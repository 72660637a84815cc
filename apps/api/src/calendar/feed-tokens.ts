// decisions D11, issue 19: the secret in a calendar feed's URL. A calendar app cannot send a
// header, so the token in the path is all that identifies the person: 256 bits, made from 32
// random bytes (CSPRNG) by HMAC-SHA-256 under a key of the API's own. The database keeps the
// random bytes and the token's SHA-256, never the token: a copy of the database alone cannot
// make a feed URL, while the API can show the person their URL again. The key is derived
// (HKDF) from the token signing key, so there is no second secret to keep; replacing the
// signing key changes every feed URL (people then copy theirs again from the app).
import { createHmac, hkdfSync, type KeyObject } from "node:crypto";
import { randomToken, tokenHashOf } from "../auth/random-tokens.js";

export interface FeedTokens {
  /** A new feed secret (stored): 32 random bytes, base64url. */
  newSecret(): string;
  /** The URL token of a feed secret. */
  tokenOf(secret: string): string;
  /** What a token is looked up by (stored), or null for a string that cannot be a token. */
  hashOf(token: string): string | null;
}

export function createFeedTokens(signingKey: KeyObject): FeedTokens {
  const key = Buffer.from(
    hkdfSync(
      "sha256",
      signingKey.export({ type: "pkcs8", format: "der" }),
      Buffer.alloc(0),
      "life-admin calendar feed token v1",
      32,
    ),
  );
  return {
    newSecret: randomToken,
    tokenOf: (secret) => createHmac("sha256", key).update(secret).digest("base64url"),
    hashOf: tokenHashOf,
  };
}
