// decisions D2: the secret a sign-in is bound to (api-client's createBrowserBinding) lives in this
// tab's sessionStorage from the Google button until the callback page takes it, once. The tab
// that comes back from the provider is the tab that left, so only it can finish the sign-in; a
// callback link opened anywhere else finds no secret (login CSRF, RFC 9700 section 4.7).

/** The sessionStorage key of the secret. */
export const SIGN_IN_SECRET_KEY = "signInSecret";

/** The part of the Web Storage API the secret needs (sessionStorage; a Map in tests). */
export type SecretStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keeps a new sign-in's secret, replacing the one of any sign-in not finished. */
export function keepSignInSecret(storage: SecretStorage, secret: string): void {
  storage.setItem(SIGN_IN_SECRET_KEY, secret);
}

/** The kept secret, removed as it is read (a secret serves one exchange); null if none. */
export function takeSignInSecret(storage: SecretStorage): string | null {
  try {
    const secret = storage.getItem(SIGN_IN_SECRET_KEY);
    storage.removeItem(SIGN_IN_SECRET_KEY);
    return secret;
  } catch {
    // Storage refused (a privacy setting): there is no secret to show.
    return null;
  }
}
