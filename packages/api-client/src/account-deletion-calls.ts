// issue 22: deleting the account, `@life-admin/api-client/account-deletion`: loaded when the person
// asks to delete it in Settings, not in the web app's first download.
import type { LifeAdminClient } from "./client.js";

export interface AccountDeletionCalls {
  /**
   * Deletes the signed-in account and everything in it. `confirm` is the account's email as the
   * person typed it (the domain's confirmsAccountEmail); anything else is refused with a 422
   * ApiError and nothing is deleted. Once it resolves every token of the account is refused:
   * end the session.
   */
  deleteAccount: (confirm: string) => Promise<void>;
}

export function accountDeletionCalls({
  http,
}: Pick<LifeAdminClient, "http">): AccountDeletionCalls {
  return {
    async deleteAccount(confirm) {
      await http.DELETE("/users/me", { body: { confirm } });
    },
  };
}
