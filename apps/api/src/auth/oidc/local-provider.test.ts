// The local provider and the OpenID client together, over real HTTP on a loopback port: the same
// protocol path the API takes with Google, without the API's routes or database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subjectForEmail } from "./local-accounts.js";
import { LOCAL_PAGE_CSP } from "./local-pages.js";
import { withLocalProvider } from "./local-provider-server.js";
import { createLocalProvider, type LocalProvider } from "./local-provider.js";
import { createOidcClient, type AuthorizationSecrets, type OidcClient } from "./oidc-client.js";
import { SignInError } from "./sign-in-error.js";
import {
  readSignInForm,
  signInAtLocalProvider,
  TestBrowser,
} from "../../../test/support/test-browser.js";
import { listenOnLoopback, type LoopbackServer } from "../../../test/support/test-loopback.js";

let server: LoopbackServer;
let baseUrl: string;
let redirectUri: string;
let local: LocalProvider;
let client: OidcClient;

beforeAll(async () => {
  server = await listenOnLoopback();
  baseUrl = server.url;
  redirectUri = `${baseUrl}/auth/google/callback`;
  local = createLocalProvider({ publicApiUrl: baseUrl, redirectUri });
  // Only the provider: any other path (the API's callback included) is a 404 here.
  server.serve(
    withLocalProvider(local, (_req, res) => {
      res.statusCode = 404;
      res.end();
    }),
  );
  client = createOidcClient({
    issuer: local.issuer,
    clientId: local.clientId,
    clientSecret: local.clientSecret,
    redirectUri,
    allowInsecureHttp: true,
  });
});

afterAll(() => server.close());

const isCallback = (url: string) => url.startsWith(redirectUri);

/** Browser part of a sign-in: from the authorization URL to the redirect to our callback. */
const signInAtProvider = (
  browser: TestBrowser,
  url: string,
  person: { name: string; email: string },
) => signInAtLocalProvider(browser, url, person, isCallback);

async function startAttempt(): Promise<{ secrets: AuthorizationSecrets; url: string }> {
  const secrets = client.newSecrets();
  return { secrets, url: await client.authorizationUrl(secrets) };
}

describe("the local OpenID provider", () => {
  it("publishes its discovery document under /oidc on the API's origin", async () => {
    const response = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(local.issuer).toBe(`${baseUrl}/oidc`);
    expect(metadata.issuer).toBe(local.issuer);
    expect(metadata.authorization_endpoint).toBe(`${baseUrl}/oidc/auth`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("builds an authorization URL for the code flow with PKCE S256, state, nonce and the exact redirect URI", async () => {
    const { secrets, url } = await startAttempt();
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${baseUrl}/oidc/auth?`)).toBe(true);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("redirect_uri")).toBe(redirectUri);
    expect(params.get("client_id")).toBe(local.clientId);
    expect(params.get("state")).toBe(secrets.state);
    expect(params.get("nonce")).toBe(secrets.nonce);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).not.toBe(secrets.codeVerifier);
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  });

  it("shows a script-free sign-in page with inputs labelled Name and Email and a Sign in button", async () => {
    const { url } = await startAttempt();
    const browser = new TestBrowser();
    const { last } = await browser.follow(url);
    const form = readSignInForm(last.body, last.url);

    expect(last.status).toBe(200);
    expect(form.fields).toEqual([
      { label: "Name", name: "name", type: "text" },
      { label: "Email", name: "email", type: "email" },
    ]);
    expect(form.buttons).toContain("Sign in");
    expect(last.body).toContain('<html lang="en">');
    expect(last.body).not.toMatch(/<script/i);
    expect(last.body).not.toMatch(/\son\w+=/i);
    expect(last.headers.get("content-security-policy")).toBe(LOCAL_PAGE_CSP);
    expect(last.headers.get("referrer-policy")).toBe("no-referrer");
    expect(LOCAL_PAGE_CSP).toContain("default-src 'none'");
    expect(LOCAL_PAGE_CSP).not.toContain("unsafe-inline");
  });

  it("signs in with the typed name and email and hands back a code the client exchanges for a verified identity", async () => {
    const { secrets, url } = await startAttempt();
    const callback = await signInAtProvider(new TestBrowser(), url, {
      name: "Ada Lovelace",
      email: "ada@example.com",
    });

    expect(callback.searchParams.get("state")).toBe(secrets.state);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const identity = await client.exchange(callback.searchParams, secrets);
    expect(identity).toEqual({
      issuer: local.issuer,
      subject: subjectForEmail("ada@example.com"),
      email: "ada@example.com",
      fullName: "Ada Lovelace",
      picture: null,
    });
  });

  it("asks again on the next sign-in from the same browser, so another person can sign in", async () => {
    const browser = new TestBrowser();
    const first = await startAttempt();
    const firstCallback = await signInAtProvider(browser, first.url, {
      name: "Ada",
      email: "ada@example.com",
    });
    const ada = await client.exchange(firstCallback.searchParams, first.secrets);
    const second = await startAttempt();
    const secondCallback = await signInAtProvider(browser, second.url, {
      name: "Grace Hopper",
      email: "grace@example.com",
    });
    const grace = await client.exchange(secondCallback.searchParams, second.secrets);

    expect(ada.subject).not.toBe(grace.subject);
    expect(grace.fullName).toBe("Grace Hopper");
  });

  it("gives the same subject to the same email whatever its case", () => {
    expect(subjectForEmail(" Ada@Example.com ")).toBe(subjectForEmail("ada@example.com"));
    expect(subjectForEmail("ada@example.com")).not.toBe(subjectForEmail("grace@example.com"));
  });

  it("shows the form again with messages when the name is empty or the email is not an email", async () => {
    const { url } = await startAttempt();
    const browser = new TestBrowser();
    const { last } = await browser.follow(url);
    const form = readSignInForm(last.body, last.url);
    const refused = await browser.request(form.action, { form: { name: " ", email: "nope" } });

    expect(refused.status).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain("Enter your name.");
    expect(refused.body).toContain('aria-describedby="email-error"');
    expect(refused.body).toContain('value="nope"');
  });

  it("escapes what was typed when it shows the form again", async () => {
    const { url } = await startAttempt();
    const browser = new TestBrowser();
    const { last } = await browser.follow(url);
    const form = readSignInForm(last.body, last.url);
    const refused = await browser.request(form.action, {
      form: { name: '"><script>alert(1)</script>', email: "x" },
    });

    expect(refused.body).not.toContain("<script>");
    expect(refused.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("sends access_denied back to the client when the user cancels", async () => {
    const { secrets, url } = await startAttempt();
    const browser = new TestBrowser();
    const { last } = await browser.follow(url);
    const form = readSignInForm(last.body, last.url);
    const cancelled = await browser.follow(form.cancelAction ?? "", isCallback, { method: "POST" });
    const callback = new URL(cancelled.stoppedAt ?? "");

    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(secrets.state);
    await expect(client.exchange(callback.searchParams, secrets)).rejects.toMatchObject({
      code: "access_denied",
    });
  });
});

describe("the OpenID client's checks", () => {
  async function freshCallback() {
    const attempt = await startAttempt();
    const callback = await signInAtProvider(new TestBrowser(), attempt.url, {
      name: "Ada",
      email: "ada@example.com",
    });
    return { ...attempt, callback };
  }

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const { secrets, callback } = await freshCallback();
    const error = await client
      .exchange(callback.searchParams, { ...secrets, nonce: "another-nonce" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ code: "invalid_id_token" });
  });

  it("refuses a code exchanged a second time", async () => {
    const { secrets, callback } = await freshCallback();
    await client.exchange(callback.searchParams, secrets);
    await expect(client.exchange(callback.searchParams, secrets)).rejects.toMatchObject({
      code: "token_exchange_failed",
    });
  });

  it("refuses a code presented with another attempt's PKCE verifier", async () => {
    const { secrets, callback } = await freshCallback();
    const other = client.newSecrets();
    await expect(
      client.exchange(callback.searchParams, { ...secrets, codeVerifier: other.codeVerifier }),
    ).rejects.toMatchObject({ code: "token_exchange_failed" });
  });

  it("refuses a callback whose state is not the attempt's", async () => {
    const { secrets, callback } = await freshCallback();
    await expect(
      client.exchange(callback.searchParams, { ...secrets, state: "another-state" }),
    ).rejects.toBeInstanceOf(SignInError);
  });

  it("reports an unreachable provider as a server error and tries discovery again later", async () => {
    const unreachable = createOidcClient({
      issuer: "http://127.0.0.1:9/oidc",
      clientId: "x",
      clientSecret: "y",
      redirectUri,
      allowInsecureHttp: true,
    });
    const secrets = unreachable.newSecrets();
    await expect(unreachable.authorizationUrl(secrets)).rejects.toMatchObject({
      code: "server_error",
    });
    await expect(unreachable.authorizationUrl(secrets)).rejects.toMatchObject({
      code: "server_error",
    });
  });

  it("refuses plain http for a provider unless told it is the local one", async () => {
    const strict = createOidcClient({
      issuer: local.issuer,
      clientId: local.clientId,
      clientSecret: local.clientSecret,
      redirectUri,
      allowInsecureHttp: false,
    });
    await expect(strict.authorizationUrl(strict.newSecrets())).rejects.toMatchObject({
      code: "server_error",
    });
  });
});
