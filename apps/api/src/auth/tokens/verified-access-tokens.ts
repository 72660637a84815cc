// issue 7: access tokens already verified, until they expire. A signature check per request was
// an eighth of GET /tasks/'s time. For one token string and one key, the signature, kind, issuer
// and audience cannot change; expiry is checked on every use; revocation is the sign-in check
// that authenticate makes every time. Oldest first out beyond the limit.
import { UnauthorizedError } from "../../errors/api-error.js";
import { type AccessClaims, type Verified, nameOf, toSeconds } from "./jwt.js";

/** How many verified access tokens a process remembers. */
const VERIFIED_ACCESS_TOKENS_KEPT = 10_000;

export interface VerifiedAccessTokens {
  /** The claims of a token verified before, null if it was not; a 401 once it has expired. */
  get(token: string): AccessClaims | null;
  remember(token: string, claims: Verified<AccessClaims>): void;
}

export function verifiedAccessTokens(now: () => Date): VerifiedAccessTokens {
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    get(token) {
      const entry = verified.get(token);
      if (entry === undefined) return null;
      if (entry.exp > toSeconds(now())) return entry.claims;
      verified.delete(token);
      throw new UnauthorizedError(`The ${nameOf("access")} has expired`);
    },
    remember(token, { userId, signInId, exp }) {
      if (verified.size >= VERIFIED_ACCESS_TOKENS_KEPT) {
        const oldest = verified.keys().next();
        if (oldest.done !== true) verified.delete(oldest.value);
      }
      verified.set(token, { claims: { userId, signInId }, exp });
    },
  };
}
