// decisions D2: a sign-in is bound to the browser (or program) that starts it. It makes a random
// secret, keeps it, and sends only its hash with GET /auth/google/login; the one-time code the
// callback hands over is exchanged for tokens only together with the secret itself. So a
// callback link from someone else's sign-in cannot sign this browser in (login CSRF).
// Web Crypto: browsers and Node alike (named by its global, so a Node project's typings, without
// the DOM's `Crypto`, read these declarations too).

/** The runtime's Web Crypto (`globalThis.crypto`). */
export type WebCrypto = typeof globalThis.crypto;

/** A sign-in's secret and the challenge (its hash) that the login carries. */
export interface BrowserBinding {
  /** Kept by the browser (sessionStorage) until the exchange; never sent before it. */
  verifier: string;
  /** base64url(SHA-256(verifier)), sent with the login. */
  challenge: string;
}

const SECRET_BYTES = 32;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The challenge the API expects for `verifier` (as PKCE's S256). */
export async function browserChallengeOf(
  verifier: string,
  crypto: WebCrypto = globalThis.crypto,
): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A new secret (256 random bits) and its challenge. */
export async function createBrowserBinding(
  crypto: WebCrypto = globalThis.crypto,
): Promise<BrowserBinding> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
  return { verifier, challenge: await browserChallengeOf(verifier, crypto) };
}
