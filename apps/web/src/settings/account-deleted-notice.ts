// issue 22: what the sign-up page says once the account is deleted. Settings leaves the notice in
// this tab's sessionStorage and ends the session; the signed-out app lands on the sign-up page,
// which shows it and forgets it, so that a later visit or reload does not say it again. Not
// router state: the routes that would have to carry it are in the dashboard's first download
// (issue 7's budget), and this module loads only with Settings and the sign-up page.

export const ACCOUNT_DELETED_NOTICE = "Your account and all its data have been deleted.";

const KEY = "accountDeleted";

/** Settings, once DELETE /users/me has answered: the next sign-up page says so. */
export function leaveAccountDeletedNotice(): void {
  try {
    window.sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage refused (a privacy setting): the page signs out without saying why.
  }
}

/** The notice the sign-up page shows, or null; it stays until forgetAccountDeletedNotice(). */
export function accountDeletedNotice(): string | null {
  try {
    return window.sessionStorage.getItem(KEY) === null ? null : ACCOUNT_DELETED_NOTICE;
  } catch {
    return null;
  }
}

export function forgetAccountDeletedNotice(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
