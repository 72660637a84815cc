// Issue 22: DELETE /users/me, confirmed by the account's email. The web app enables its button
// and the API deletes by the same rule, so that what the person sees enabled is what is accepted.
import * as z from "zod/mini";

/** The body of DELETE /users/me: the account's email, typed by the person. */
export const AccountDeletionSchema = /* @__PURE__ */ z.object({
  confirm: z.string(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

/** The 422's message when the typed email is not the account's. */
export const DELETION_NOT_CONFIRMED =
  "Type the email address of this account exactly as it is shown to confirm";

/** An email as a person types it: spaces around it and letter case do not count. */
function typedEmail(text: string): string {
  return text.normalize("NFC").trim().toLowerCase();
}

/**
 * Whether `typed` names `accountEmail`: equal once surrounding spaces are trimmed, ignoring letter
 * case (every mail provider people use treats addresses case-insensitively, and a phone's keyboard
 * capitalises the first letter). An empty text confirms nothing.
 */
export function confirmsAccountEmail(typed: string, accountEmail: string): boolean {
  const typedText = typedEmail(typed);
  return typedText !== "" && typedText === typedEmail(accountEmail);
}
