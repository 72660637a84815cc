// issue 23: an invitation link's token, from the address's fragment (`/join#{token}`: a browser
// sends no fragment to any server) to this tab's sessionStorage, where it waits across a sign-in
// (the callback goes back to /join while it is there, waiting-invitation.ts) until it is used or
// declined.
import { INVITATION_KEY } from "../session/landing";
import type { SecretStorage } from "../session/sign-in-secret";

/** The token of a fragment ("#abc" gives "abc"); null when there is none. */
export function tokenOfFragment(hash: string): string | null {
  const token = hash.replace(/^#/, "").trim();
  return token === "" ? null : token;
}

/** Keeps the token, replacing a link opened before; false when storage refuses. */
export function keepInvitation(storage: SecretStorage, token: string): boolean {
  try {
    storage.setItem(INVITATION_KEY, token);
    return true;
  } catch {
    // Storage refused (a privacy setting): the page still holds the token while it is open.
    return false;
  }
}

/** Forgets the token: joined, declined, or refused for good. */
export function forgetInvitation(storage: SecretStorage): void {
  try {
    storage.removeItem(INVITATION_KEY);
  } catch {
    // Nothing was kept.
  }
}
