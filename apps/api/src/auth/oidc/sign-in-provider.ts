// Which OpenID provider the API signs in with (decisions D2): Google when its credentials are
// configured; otherwise, outside production, the local provider mounted at /oidc. Either way the
// rest of the API sees one OidcClient.
import type { Config } from "../../config.js";
import { createLocalProvider, type LocalProvider } from "./local-provider.js";
import { createOidcClient, type OidcClient } from "./oidc-client.js";

export const GOOGLE_ISSUER = "https://accounts.google.com";
/** Where the provider sends the browser back; register exactly this URI with Google. */
export const CALLBACK_PATH = "/auth/google/callback";

export interface SignInProvider {
  kind: "google" | "local";
  client: OidcClient;
  /** The local provider to serve under /oidc, or null when signing in with Google. */
  local: LocalProvider | null;
}

export class SignInProviderError extends Error {
  override name = "SignInProviderError";
}

export function callbackUrl(publicApiUrl: string): string {
  return `${publicApiUrl}${CALLBACK_PATH}`;
}

export function createSignInProvider(
  config: Pick<Config, "nodeEnv" | "publicApiUrl" | "google">,
): SignInProvider {
  const redirectUri = callbackUrl(config.publicApiUrl);
  if (config.google !== null) {
    return {
      kind: "google",
      local: null,
      client: createOidcClient({
        issuer: GOOGLE_ISSUER,
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri,
        allowInsecureHttp: false,
      }),
    };
  }
  // config.ts refuses this combination too; this guard keeps the local provider out of
  // production even for a caller that builds its configuration by hand.
  if (config.nodeEnv === "production") {
    throw new SignInProviderError(
      "Refusing to start: NODE_ENV=production needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. " +
        "Without them the API would sign users in with its local development provider, " +
        "where anyone can claim any email.",
    );
  }
  const local = createLocalProvider({ publicApiUrl: config.publicApiUrl, redirectUri });
  return {
    kind: "local",
    local,
    client: createOidcClient({
      issuer: local.issuer,
      clientId: local.clientId,
      clientSecret: local.clientSecret,
      redirectUri,
      allowInsecureHttp: new URL(local.issuer).protocol === "http:",
    }),
  };
}
