// Issue 22, decisions D15: DELETE /users/me, the person deletes their account and everything in
// it, confirmed by typing its email (the domain's confirmsAccountEmail). GET and PATCH of the same
// path are users.ts's; the 405 of any other method lists all three (method-not-allowed.ts reads
// every route mounted).
import { DELETION_NOT_CONFIRMED, confirmsAccountEmail } from "@life-admin/domain/account";
import { requireUser } from "../auth/require-user.js";
import { deleteAccount } from "../db/account-deletion.js";
import type { AppDeps } from "../deps.js";
import { UnauthorizedError, ValidationError } from "../errors/api-error.js";
import { noContent, signedInRoutes } from "../http/route-group.js";
import { AccountDeletion } from "../http/schemas.js";

export function accountDeletionRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  const { db } = deps.database;

  routes.delete(
    "/users/me",
    {
      summary: "Delete the signed-in user's account and everything in it",
      description:
        "`confirm`: the account's email, as the person typed it (spaces around it and letter " +
        "case do not count). In one transaction: the user, their tasks and completions, " +
        "subscriptions, files and their bytes, every sign-in (their access and refresh tokens " +
        "answer 401 from then on), the calendar feed (its URL answers 404), notification reads " +
        "and reminder ledgers. Any other `confirm` is a 422 and deletes nothing. Signing in " +
        "again with the same account makes a new, empty one.",
      body: AccountDeletion,
      answer: noContent("Deleted"),
      refusals: { 503: "Other changes to the account kept it busy; try again" },
    },
    async ({ user, body }) => {
      if (!confirmsAccountEmail(body.confirm, user.email)) {
        throw new ValidationError([
          { loc: ["body", "confirm"], msg: DELETION_NOT_CONFIRMED, type: "value_error" },
        ]);
      }
      const deleted = await deleteAccount(db, user.id);
      // This process's answers for them; another process's are keyed by an id never used again.
      deps.lists.forgetUser(user.id);
      deps.logger.info({ user_id: user.id, deleted }, "account deleted");
      // Deleted by another request a moment before: this sign-in ended with it.
      if (!deleted) throw new UnauthorizedError("This sign-in has ended; please sign in again");
      return true;
    },
  );
  return routes.app;
}
