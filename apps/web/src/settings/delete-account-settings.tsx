// issue 22: Settings' "Delete account", as the app runs it: the account's email from GET
// /users/me (what the person types to confirm), DELETE /users/me with what they typed, and once it
// is done the sign-up page, which says the account is gone and clears the session (the API has
// ended it already). A refusal or failure says why and deletes nothing; pressing again retries.
import { accountDeletionCalls } from "@life-admin/api-client/account-deletion";
import { DeleteAccountSection, ErrorBanner } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ACCOUNT_DELETED_STATE } from "../routes/account-deleted-state";
import { SIGN_UP_PATH } from "../session/landing";
import { useServices } from "../use-services";

export const LOADING_ACCOUNT_TEXT = "Loading your account...";

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export function DeleteAccountSettings() {
  const { client } = useServices();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    client.users.me().then(
      (user) => {
        if (current) setEmail(user.email);
      },
      (failure: unknown) => {
        console.error(failure);
        if (current) setEmail(new Error(messageOf(failure)));
      },
    );
    return () => {
      current = false;
    };
  }, [client]);

  if (email === null) return <p role="status">{LOADING_ACCOUNT_TEXT}</p>;
  if (email instanceof Error) {
    return <ErrorBanner message={`Your account could not be loaded: ${email.message}`} />;
  }

  const remove = (confirm: string) => {
    setBusy(true);
    setError(null);
    accountDeletionCalls(client)
      .deleteAccount(confirm)
      .then(
        () => {
          // Every token is refused now: no sign-out call to make. The sign-up page says the
          // account is gone and clears this browser's session (other tabs follow the storage
          // event); cleared here, the session would send Settings to / before the notice.
          void navigate(SIGN_UP_PATH, { replace: true, state: ACCOUNT_DELETED_STATE });
        },
        (failure: unknown) => {
          console.error(failure);
          setError(messageOf(failure));
          setBusy(false);
        },
      );
  };

  return <DeleteAccountSection email={email} onDelete={remove} busy={busy} error={error} />;
}
