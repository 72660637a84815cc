// The API's OpenID Connect client (decisions D2), the same for Google and for the local provider:
// discovery, the authorization URL (code flow, PKCE S256, state, nonce) and the callback's code
// exchange with the ID token checks. All protocol work is openid-client's (a certified library).
import * as oidc from "openid-client";
import { SignInError } from "./sign-in-error.js";

/** decisions D2: the profile the API needs (sub, email, name, picture). */
export const OIDC_SCOPE = "openid email profile";

export interface OidcClientSettings {
  /** The provider's issuer identifier; discovery reads {issuer}/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The exact redirect URI registered at the provider: {PUBLIC_API_URL}/auth/google/callback. */
  redirectUri: string;
  /** Plain http is allowed for the local provider only (openid-client refuses it otherwise). */
  allowInsecureHttp: boolean;
}

/** The per-attempt secrets kept server-side between the login and the callback. */
export interface AuthorizationSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who signed in, from a verified ID token: the user key (issuer, subject) and the profile. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  fullName: string | null;
  picture: string | null;
}

export interface OidcClient {
  readonly issuer: string;
  /** New secrets for one attempt: random state, nonce and PKCE verifier. */
  newSecrets(): AuthorizationSecrets;
  authorizationUrl(secrets: AuthorizationSecrets): Promise<string>;
  /**
   * Exchanges the code in the callback's query for tokens and returns the verified identity.
   * The state, the `iss` response parameter, PKCE, and the ID token's signature, issuer,
   * audience, expiry and nonce are all checked by openid-client. Throws SignInError.
   */
  exchange(
    callbackQuery: URLSearchParams,
    secrets: AuthorizationSecrets,
  ): Promise<VerifiedIdentity>;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** Codes openid-client gives ID token checks that fail (claims, timestamps, keys). */
const ID_TOKEN_CHECK_CODES = new Set<string>([
  "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
  "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
  "OAUTH_KEY_SELECTION_FAILED",
]);

export function createOidcClient(settings: OidcClientSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | null = null;

  /** Discovered on first use (not at start-up) and kept; a failed discovery is retried next time. */
  function discovered(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- local provider only, see settings
        execute: settings.allowInsecureHttp ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = null;
        throw new SignInError("server_error", `discovery of ${settings.issuer} failed`, {
          cause: error,
        });
      });
    return configuration;
  }

  return {
    issuer: settings.issuer,

    newSecrets() {
      return {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
    },

    async authorizationUrl(secrets) {
      const config = await discovered();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: OIDC_SCOPE,
        response_type: "code",
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: "S256",
      });
      return url.href;
    },

    async exchange(callbackQuery, secrets) {
      const config = await discovered();
      // The URL the provider redirected to, rebuilt from the configured redirect URI rather than
      // the request's Host header, so the redirect_uri sent with the code is exactly the one
      // registered (and behind a proxy still the public one).
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery.toString();
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          pkceCodeVerifier: secrets.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw exchangeError(error);
      }
      return identityFrom(tokens.claims());
    },
  };
}

function exchangeError(error: unknown): SignInError {
  if (error instanceof oidc.AuthorizationResponseError) {
    const code = error.error === "access_denied" ? "access_denied" : "provider_error";
    return new SignInError(code, `provider answered ${error.error}`, { cause: error });
  }
  if (error instanceof oidc.ResponseBodyError) {
    return new SignInError("token_exchange_failed", `token endpoint answered ${error.error}`, {
      cause: error,
    });
  }
  if (error instanceof oidc.ClientError && ID_TOKEN_CHECK_CODES.has(error.code ?? "")) {
    return new SignInError("invalid_id_token", `ID token rejected: ${error.message}`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SignInError("token_exchange_failed", `code exchange failed: ${message}`, {
    cause: error,
  });
}

function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** The identity in a verified ID token; the email is required, the profile claims are not. */
export function identityFrom(claims: oidc.IDToken | undefined): VerifiedIdentity {
  if (claims === undefined) throw new SignInError("missing_claims", "no ID token");
  const email = text(claims.email);
  if (email === null) throw new SignInError("missing_claims", "the ID token has no email claim");
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    // Optional profile claims: a missing or odd value is simply not shown.
    fullName: text(claims.name),
    picture: text(claims.picture),
  };
}
