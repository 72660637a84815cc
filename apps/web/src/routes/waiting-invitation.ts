// issue 23: whether an invitation's token waits in this tab (invitation-token.ts keeps it there).
// A module of its own: the callback page, in the dashboard's first download, asks only this, and
// the rest of the token's handling loads with /join (issue 7's bytes budget).
import { INVITATION_KEY } from "../session/landing";
import type { SecretStorage } from "../session/sign-in-secret";

/** The token waiting in this tab, or null. */
export function waitingInvitation(storage: SecretStorage): string | null {
  try {
    return storage.getItem(INVITATION_KEY);
  } catch {
    return null;
  }
}
