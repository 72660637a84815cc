// issue 22: the router state with which Settings sends the browser to / once the account is
// deleted, so that the sign-up page says so (as sign-in-failed-state.ts does for a failed sign-in).

export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export const ACCOUNT_DELETED_NOTICE = "Your account and all its data have been deleted.";

export function isAccountDeletedState(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as { accountDeleted?: unknown }).accountDeleted === true
  );
}
