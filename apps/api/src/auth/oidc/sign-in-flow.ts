// The two halves of a sign-in (decisions D2): the login hands out the provider's authorization
// URL; the callback checks the attempt, exchanges the code, creates or updates the user, issues
// our tokens and sends the browser to the web app. Every failure sends it to `/?error=<code>`
// before any user or sign-in is written, and is logged without tokens, codes or state.
import type { Db } from "../../db/database.js";
import type { Logger } from "../../logger.js";
import type { TokenService } from "../tokens/token-service.js";
import { upsertUserFromClaims } from "../users.js";
import { consumeLoginAttempt, saveLoginAttempt } from "./login-attempts.js";
import type { OidcClient } from "./oidc-client.js";
import { SignInError } from "./sign-in-error.js";

export interface SignInFlowDeps {
  db: Db;
  client: OidcClient;
  tokens: Pick<TokenService, "issueSignIn">;
  /** WEB_ORIGIN: where the browser goes when the callback is done. */
  webOrigin: string;
  logger: Logger;
  now?: () => Date;
}

export interface SignInFlow {
  /** Starts an attempt; the provider's authorization URL for the browser. */
  start(): Promise<string>;
  /** Finishes an attempt from the callback's query; where to redirect the browser. */
  finish(callbackQuery: URLSearchParams): Promise<string>;
}

/** spec 4: the web app's callback reads `token` and `refresh_token` from its query string. */
export function successRedirect(
  webOrigin: string,
  tokens: { access_token: string; refresh_token: string },
): string {
  const url = new URL("/auth/callback", webOrigin);
  url.searchParams.set("token", tokens.access_token);
  url.searchParams.set("refresh_token", tokens.refresh_token);
  return url.href;
}

/** spec 4: `/` with an error parameter shows "Authentication failed. Please try again." */
export function failureRedirect(webOrigin: string, code: string): string {
  const url = new URL("/", webOrigin);
  url.searchParams.set("error", code);
  return url.href;
}

/** A provider's error code as it may appear in a log line: short and plain. */
function loggable(value: string): string {
  return value.replace(/[^\w.-]/g, "?").slice(0, 64);
}

export function createSignInFlow({
  db,
  client,
  tokens,
  webOrigin,
  logger,
  now = () => new Date(),
}: SignInFlowDeps): SignInFlow {
  async function complete(query: URLSearchParams): Promise<string> {
    const state = query.get("state");
    if (state === null || state === "") {
      throw new SignInError("invalid_state", "callback without a state");
    }
    // The attempt is used up first, whatever follows: a state works once, even for a failure.
    const attempt = await consumeLoginAttempt(db, state, now());
    if (!attempt.ok) throw new SignInError("invalid_state", `state is ${attempt.why}`);

    const providerError = query.get("error");
    if (providerError !== null) {
      const code = providerError === "access_denied" ? "access_denied" : "provider_error";
      throw new SignInError(code, `provider answered ${loggable(providerError)}`);
    }
    if (!query.get("code")) throw new SignInError("missing_code", "callback without a code");

    const identity = await client.exchange(query, attempt.secrets);
    const user = await upsertUserFromClaims(db, identity);
    const tokenSet = await tokens.issueSignIn(user.id);
    logger.info({ event: "sign_in", userId: user.id, issuer: identity.issuer }, "signed in");
    return successRedirect(webOrigin, tokenSet);
  }

  return {
    async start() {
      const secrets = client.newSecrets();
      // Discovery first: when the provider is unreachable, no attempt is stored for nothing.
      const url = await client.authorizationUrl(secrets);
      await saveLoginAttempt(db, secrets, now());
      return url;
    },

    async finish(query) {
      try {
        return await complete(query);
      } catch (error) {
        const failure = asSignInError(error);
        logger.warn(
          { event: "sign_in_failed", code: failure.code, reason: failure.reason },
          "sign-in failed",
        );
        return failureRedirect(webOrigin, failure.code);
      }
    },
  };
}

function asSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  // Our own fault (most likely the database). Only the error's kind and first line are logged:
  // a driver's message may quote query parameters.
  const name = error instanceof Error ? error.name : typeof error;
  const firstLine = error instanceof Error ? (error.message.split("\n")[0] ?? "") : "";
  return new SignInError("server_error", `${name}: ${firstLine.slice(0, 200)}`, { cause: error });
}
