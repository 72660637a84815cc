// Tokens that expire when a test needs them to: a real token's claims (user, sign-in, jti) signed
// again with the API's own key (the suite gives the API its TOKEN_SIGNING_KEY) with another
// expiry. The API treats them as it would the original at that moment: after `exp`, refused as
// expired; before it, accepted.
import type { TokenSet } from "@life-admin/domain";
import type { Page } from "@playwright/test";
import { SignJWT, decodeJwt, decodeProtectedHeader, importPKCS8 } from "jose";
import { TOKEN_DATA_KEY } from "./sign-in.js";

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** `token` re-signed to expire `expiresIn` seconds from now (negative: already expired). */
export async function withExpiry(
  token: string,
  signingKeyPem: string,
  expiresIn: number,
): Promise<string> {
  const header = decodeProtectedHeader(token);
  const claims = decodeJwt(token);
  if (claims.exp === undefined || claims.iat === undefined) throw new Error("token without exp");
  const lifetime = claims.exp - claims.iat;
  const exp = nowInSeconds() + expiresIn;
  const key = await importPKCS8(signingKeyPem, "EdDSA");
  return new SignJWT({ ...claims, iat: exp - lifetime, exp })
    .setProtectedHeader({ ...header, alg: "EdDSA" })
    .sign(key);
}

/** The same token, expired a minute ago. */
export function expired(token: string, signingKeyPem: string): Promise<string> {
  return withExpiry(token, signingKeyPem, -60);
}

/** Replaces the session the web app keeps (all tabs of the page's origin share it). */
export async function storeTokens(page: Page, tokens: TokenSet): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [TOKEN_DATA_KEY, JSON.stringify(tokens)] as const,
  );
}
