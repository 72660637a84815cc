// issue 22: Settings' "Delete account", as the app runs it: the account's email from GET /users/me
// (loaded once by the Settings page; what the person types to confirm), DELETE /users/me with what
// they typed, and once it is done the session ends here (the API has ended it already) and the
// sign-up page, where the signed-out app lands, says the account is gone
// (account-deleted-notice.ts). A refusal or failure says why and deletes nothing; pressing again
// retries.
import { accountDeletionCalls } from "@life-admin/api-client/account-deletion";
import type { User } from "@life-admin/domain";
import { DeleteAccountSection, ErrorBanner } from "@life-admin/ui";
import { useState } from "react";
import { useServices } from "../use-services";
import { leaveAccountDeletedNotice } from "./account-deleted-notice";
import { messageOf } from "./message-of";
import type { Loaded } from "./use-loaded";

export const LOADING_ACCOUNT_TEXT = "Loading your account...";

export interface DeleteAccountSettingsProps {
  /** The person (GET /users/me, loaded once by the Settings page), or why they could not be. */
  user: Loaded<User>;
}

export function DeleteAccountSettings({ user }: DeleteAccountSettingsProps) {
  const { client, session } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (user === null) return <p role="status">{LOADING_ACCOUNT_TEXT}</p>;
  if (user instanceof Error) {
    return <ErrorBanner message={`Your account could not be loaded: ${user.message}`} />;
  }

  const remove = (confirm: string) => {
    setBusy(true);
    setError(null);
    accountDeletionCalls(client)
      .deleteAccount(confirm)
      .then(
        () => {
          // Every token is refused now: no sign-out call to make. The sign-up page, where the
          // signed-out app lands (this tab; other tabs follow the storage event), says why.
          leaveAccountDeletedNotice();
          session.tokens.clear();
        },
        (failure: unknown) => {
          console.error(failure);
          setError(messageOf(failure));
          setBusy(false);
        },
      );
  };

  return <DeleteAccountSection email={user.email} onDelete={remove} busy={busy} error={error} />;
}
