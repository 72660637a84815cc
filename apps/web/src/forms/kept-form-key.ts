// Whether this tab keeps a form whose session ended before it was saved (kept-form.ts): asked by
// the sign-up page and the dashboard, which are in the first download, so this is all they load
// of it until there is one.

/** The sessionStorage key of the kept form. */
export const KEPT_FORM_KEY = "life-admin.unsaved-form";

export function hasKeptForm(): boolean {
  try {
    return window.sessionStorage.getItem(KEPT_FORM_KEY) !== null;
  } catch {
    return false; // Storage refused (a privacy setting): nothing was kept either.
  }
}

/** The person discards it (the sign-up page's button). */
export function forgetKeptForm(): void {
  try {
    window.sessionStorage.removeItem(KEPT_FORM_KEY);
  } catch {
    // Nothing was kept.
  }
}
