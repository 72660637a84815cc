// decisions D13: the one-click unsubscribe link in every reminder email (RFC 8058). The token is
// the user's id with an HMAC-SHA-256 of it under a key of the API's own, derived (HKDF) from the
// token signing key as the calendar feeds' key is (calendar/feed-tokens.ts): verifying one needs
// no database lookup, and a mail client's automatic POST cannot be forged for another person.
// Replacing the signing key ends the old links (the next email carries a new one).
import { createHmac, hkdfSync, timingSafeEqual, type KeyObject } from "node:crypto";

/** "{user id}.{43 characters of base64url MAC}": the only shape a token has. */
const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

export interface UnsubscribeTokens {
  tokenFor(userId: number): string;
  /** The user a token was made for, or null for anything that is not one of ours. */
  userOf(token: string): number | null;
}

export function createUnsubscribeTokens(signingKey: KeyObject): UnsubscribeTokens {
  const key = Buffer.from(
    hkdfSync(
      "sha256",
      signingKey.export({ type: "pkcs8", format: "der" }),
      Buffer.alloc(0),
      "life-admin email unsubscribe token v1",
      32,
    ),
  );
  const macOf = (userId: number) =>
    createHmac("sha256", key).update(`unsubscribe:${userId}`).digest();
  return {
    tokenFor: (userId) => `${userId}.${macOf(userId).toString("base64url")}`,
    userOf(token) {
      const match = TOKEN.exec(token);
      if (match === null) return null;
      const userId = Number(match[1]);
      const given = Buffer.from(match[2] ?? "", "base64url");
      const expected = macOf(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
