// The local OpenID provider (decisions D2): a real, standards-compliant provider (oidc-provider)
// that the API brings up when no Google credentials are configured, outside production only.
// It is mounted under the API's own origin at /oidc (one port for `pnpm start`), and the API
// signs in against it through exactly the same openid-client code path as against Google.
//
// Its state (interactions, sessions, codes, the accounts typed into the form, the signing key,
// the client secret) lives in this process's memory and is generated at start: it is a local
// development provider for one process. Users stay the same across restarts because the subject
// is derived from the email (local-accounts.ts) and the issuer is the configured API URL.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as OidcProviderLibrary from "oidc-provider";
import type { Configuration, KoaContextWithOIDC, default as Provider } from "oidc-provider";
import {
  createLocalAccounts,
  LocalSignInFormSchema,
  type LocalAccounts,
} from "./local-accounts.js";
import { LOCAL_PAGE_CSP, renderErrorPage, renderSignInPage } from "./local-pages.js";
import { OIDC_SCOPE } from "./oidc-client.js";

/** Where the provider is mounted on the API's origin; its issuer is `{PUBLIC_API_URL}/oidc`. */
export const LOCAL_PROVIDER_MOUNT_PATH = "/oidc";
export const LOCAL_CLIENT_ID = "life-admin-local";
const INTERACTION_TTL_SECONDS = 10 * 60;
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

export interface LocalProviderOptions {
  /** The API's public URL without a trailing slash, e.g. http://127.0.0.1:8000. */
  publicApiUrl: string;
  /** The one redirect URI the API's client may use: {PUBLIC_API_URL}/auth/google/callback. */
  redirectUri: string;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** True when a request path belongs to the provider (dispatch it to `handle`). */
  owns(url: string | undefined): boolean;
  /** Serves one request under the mount path (plain Node request and response). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export function createLocalProvider(options: LocalProviderOptions): LocalProvider {
  const issuer = `${options.publicApiUrl}${LOCAL_PROVIDER_MOUNT_PATH}`;
  const clientSecret = randomBytes(32).toString("base64url");
  // Loaded and built on the first request, not at start-up: an API that is never signed in to
  // (most test files) never pays for the RSA key, and one using Google never loads the library.
  let callback: Promise<ReturnType<Provider["callback"]>> | null = null;
  const serve = () =>
    (callback ??= startProvider(issuer, options, clientSecret).catch((error: unknown) => {
      callback = null; // the next request tries again
      throw error;
    }));

  return {
    issuer,
    clientId: LOCAL_CLIENT_ID,
    clientSecret,
    owns(url) {
      if (url === undefined) return false;
      return url === LOCAL_PROVIDER_MOUNT_PATH || url.startsWith(`${LOCAL_PROVIDER_MOUNT_PATH}/`);
    },
    handle(req, res) {
      // Mounted like Express's app.use("/oidc", ...): the provider routes on the rest of the path
      // and reads the prefix back from `originalUrl` to build its own absolute URLs.
      const originalUrl = req.url ?? "/";
      Object.assign(req, { originalUrl });
      req.url = originalUrl.slice(LOCAL_PROVIDER_MOUNT_PATH.length) || "/";
      serve()
        .then((handler) => handler(req, res))
        .catch((error: unknown) => {
          if (res.headersSent) {
            res.destroy();
            return;
          }
          res.statusCode = 500;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end(`The local sign-in provider failed to start: ${String(error)}`);
        });
    },
  };
}

async function startProvider(
  issuer: string,
  options: LocalProviderOptions,
  clientSecret: string,
): Promise<ReturnType<Provider["callback"]>> {
  const library = await import("oidc-provider");
  const accounts = createLocalAccounts();
  const configuration = providerConfiguration(library, options, clientSecret, accounts);
  const provider = new library.default(issuer, configuration);
  provider.use(securityHeaders);
  provider.use(signInInteractions(provider, accounts));
  return provider.callback();
}

function providerConfiguration(
  { interactionPolicy }: typeof OidcProviderLibrary,
  options: LocalProviderOptions,
  clientSecret: string,
  accounts: LocalAccounts,
): Configuration {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), alg: "RS256", use: "sig" };

  const policy = interactionPolicy.base();
  // The form is shown for every sign-in, even with a provider session, so that another email can
  // be typed after signing out of the web app (there is no account chooser to switch people).
  policy
    .get("login")
    ?.checks.push(
      new interactionPolicy.Check(
        "local_form_every_time",
        "the local provider asks for a name and email on every sign-in",
        (ctx) => ctx.oidc.result?.login === undefined,
      ),
    );

  return {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // openid-client's default client authentication, as used with Google.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Put the profile claims in the ID token itself, as Google does, so the API reads them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${LOCAL_PROVIDER_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, subject) => {
      const account = accounts.find(subject);
      if (account === undefined) return undefined;
      return {
        accountId: account.subject,
        claims: () => ({
          sub: account.subject,
          name: account.name,
          email: account.email,
          email_verified: true,
        }),
      };
    },
    // The local client is the API itself: its consent is implied, so no consent screen. The grant
    // covers exactly the scope the API asks for (decisions D2: "openid email profile").
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (client === undefined || session?.accountId === undefined) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId !== undefined) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing?.accountId === session.accountId) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope(OIDC_SCOPE);
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = renderErrorPage(out.error_description ?? out.error);
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: 60 * 60,
      Grant: 60 * 60,
    },
  };
}

async function securityHeaders(ctx: KoaContextWithOIDC, next: () => Promise<unknown>) {
  ctx.set("Content-Security-Policy", LOCAL_PAGE_CSP);
  ctx.set("Referrer-Policy", "no-referrer");
  ctx.set("X-Content-Type-Options", "nosniff");
  await next();
}

const INTERACTION_PATH = /^\/interaction\/([\w-]+)(\/abort)?$/;

/** The provider's sign-in page: GET shows the form, POST signs in, POST .../abort cancels. */
function signInInteractions(provider: Provider, accounts: LocalAccounts) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (match === null) {
      await next();
      return;
    }
    const [, uid, abort] = match;
    ctx.set("Cache-Control", "no-store");
    const action = `${LOCAL_PROVIDER_MOUNT_PATH}/interaction/${uid ?? ""}`;
    const show = (status: number, html: string) => {
      ctx.status = status;
      ctx.type = "html";
      ctx.body = html;
    };

    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      // Unknown or expired interaction, or a cookie from another browser.
      show(400, renderErrorPage("This sign-in has expired or is not from this browser."));
      return;
    }
    if (details.uid !== uid) {
      show(400, renderErrorPage("This sign-in page does not belong to the sign-in in progress."));
      return;
    }

    if (ctx.method === "GET" && abort === undefined) {
      const values = { name: "", email: stringParam(details.params.login_hint) };
      show(200, renderSignInPage({ action, abortAction: `${action}/abort`, values, errors: {} }));
      return;
    }
    if (ctx.method !== "POST") {
      ctx.status = 405;
      ctx.set("Allow", abort === undefined ? "GET, POST" : "POST");
      return;
    }

    if (abort !== undefined) {
      await finish(ctx, provider, {
        error: "access_denied",
        error_description: "The user cancelled the sign-in.",
      });
      return;
    }

    const form = await readForm(ctx.req);
    if (form === null) {
      show(413, renderErrorPage("The form was too large."));
      return;
    }
    const values = { name: form.get("name") ?? "", email: form.get("email") ?? "" };
    const parsed = LocalSignInFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<"name" | "email", string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "name" || key === "email") && errors[key] === undefined) {
          errors[key] = issue.message;
        }
      }
      show(400, renderSignInPage({ action, abortAction: `${action}/abort`, values, errors }));
      return;
    }
    // Each sign-in stands alone: a provider session left from an earlier one is ended first.
    // Otherwise signing in as someone else makes oidc-provider show its logout page, which
    // submits itself with inline script (refused by a CSP, and not ours to restyle).
    if (details.session !== undefined) {
      const previous = await provider.Session.findByUid(details.session.uid);
      await previous?.destroy();
      delete details.session;
      await details.save(details.exp - Math.floor(Date.now() / 1000));
    }
    const account = accounts.remember(parsed.data);
    await finish(ctx, provider, { login: { accountId: account.subject } });
  };
}

async function finish(
  ctx: KoaContextWithOIDC,
  provider: Provider,
  result: Parameters<Provider["interactionResult"]>[2],
) {
  const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
    mergeWithLastSubmission: false,
  });
  ctx.status = 303;
  ctx.redirect(returnTo);
}

function stringParam(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Reads an application/x-www-form-urlencoded body, or null when it exceeds the limit. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_BODY_LIMIT_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
