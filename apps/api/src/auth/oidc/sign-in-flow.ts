// The three steps of a sign-in (decisions D2): the login hands out the provider's authorization
// URL for an attempt bound to the browser that asked; the callback checks the attempt, exchanges
// the provider's code, creates or updates the user and sends the browser to the web app with a
// one-time code of ours; the web app exchanges that code, with the browser's secret, for our
// tokens. No token ever travels in a URL. Every callback failure sends the browser to
// `/?error=<code>` before any user is written, and is logged without tokens, codes or state.
import type { Db } from "../../db/database.js";
import type { Logger } from "../../logger.js";
import type { TokenSet } from "@life-admin/domain";
import { ApiError } from "../../errors/api-error.js";
import { databaseErrorForLog } from "../../errors/database-errors.js";
import type { TokenService } from "../tokens/token-service.js";
import { upsertUserFromClaims } from "../users.js";
import {
  consumeLoginAttempt,
  exchangeSignInCode,
  issueSignInCode,
  saveLoginAttempt,
} from "./login-attempts.js";
import type { OidcClient } from "./oidc-client.js";
import { SignInError } from "./sign-in-error.js";

export interface SignInFlowDeps {
  db: Db;
  client: OidcClient;
  tokens: Pick<TokenService, "issueSignIn">;
  /** Counts a sign-in of one account (RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE): a 429 when over. */
  countAccountSignIn: (userId: number) => Promise<void>;
  /** WEB_ORIGIN: where the browser goes when the callback is done. */
  webOrigin: string;
  logger: Logger;
  now?: () => Date;
}

export interface SignInFlow {
  /**
   * Starts an attempt for the browser whose secret hashes to `browserChallenge`; the provider's
   * authorization URL for that browser.
   */
  start(browserChallenge: string): Promise<string>;
  /** Finishes an attempt from the callback's query; where to redirect the browser. */
  finish(callbackQuery: URLSearchParams): Promise<string>;
  /**
   * The web app's exchange of the callback's one-time code, with the secret of the browser that
   * started the attempt: our tokens, once; otherwise a 400 that says only that it failed.
   * `device`: what Settings will call that browser (issue 22), recorded with the sign-in.
   */
  exchange(code: string, browserVerifier: string, device?: string | null): Promise<TokenSet>;
}

/** decisions D2: the web app's callback gets a one-time code, never a token. */
export function successRedirect(webOrigin: string, code: string): string {
  const url = new URL("/auth/callback", webOrigin);
  url.searchParams.set("code", code);
  return url.href;
}

/** One answer for every failed exchange: which check failed is for our logs only. */
export const EXCHANGE_FAILED =
  "This sign-in link is invalid, expired or was started in another browser; please sign in again";

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
  countAccountSignIn,
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
    const code = await issueSignInCode(db, state, user.id, now());
    logger.info(
      { event: "sign_in_code", userId: user.id, issuer: identity.issuer },
      "provider sign-in done; code handed to the web app",
    );
    return successRedirect(webOrigin, code);
  }

  return {
    async start(browserChallenge) {
      const secrets = client.newSecrets();
      // Discovery first: when the provider is unreachable, no attempt is stored for nothing.
      const url = await client.authorizationUrl(secrets);
      await saveLoginAttempt(db, secrets, browserChallenge, now());
      return url;
    },

    async exchange(code, browserVerifier, device = null) {
      const exchanged = await exchangeSignInCode(db, code, browserVerifier, now());
      if (!exchanged.ok) {
        logger.warn(
          { event: "sign_in_exchange_failed", why: exchanged.why },
          "code exchange refused",
        );
        throw new ApiError(400, EXCHANGE_FAILED);
      }
      // issue 17: limits hold per account too, whatever addresses the sign-ins come from.
      await countAccountSignIn(exchanged.userId);
      const tokenSet = await tokens.issueSignIn(exchanged.userId, device);
      logger.info({ event: "sign_in", userId: exchanged.userId }, "signed in");
      return tokenSet;
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
  // Our own fault (most likely the database). A database failure is told by its kind and codes
  // only (its message quotes the query's values: a nonce, a verifier, an email); anything else
  // by its kind and first line.
  const database = databaseErrorForLog(error);
  if (database !== null) {
    const names = [database.code, database.table, database.constraint].filter(Boolean);
    return new SignInError("server_error", `${database.type}: ${names.join(" ")}`, {
      cause: error,
    });
  }
  const name = error instanceof Error ? error.name : typeof error;
  const firstLine = error instanceof Error ? (error.message.split("\n")[0] ?? "") : "";
  return new SignInError("server_error", `${name}: ${firstLine.slice(0, 200)}`, { cause: error });
}
