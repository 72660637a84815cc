// Signing in for real (decisions D2): the API's OpenID Connect flow with its local provider,
// whose form asks for a Name and an Email. Either as a person does it, in the browser, or the
// same requests made over HTTP (for tests that need a user of their own and are not about
// signing in).
import { createBrowserBinding } from "@life-admin/api-client";
import type { TokenSet } from "@life-admin/domain";
import { type APIRequestContext, type APIResponse, type Page, expect } from "@playwright/test";
import type { StackAddress } from "./stack.js";

export interface Person {
  name: string;
  email: string;
}

export interface Account extends Person {
  tokens: TokenSet;
}

/** spec 3: the session as the web app keeps it, in localStorage under `tokenData`. */
export const TOKEN_DATA_KEY = "tokenData";

/** The whole sign-in through the web app's pages; ends on the dashboard's greeting. */
export async function signInThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await fillProviderForm(page, person);
  await expect(page.getByRole("heading", { name: `Good Morning, ${person.name}` })).toBeVisible();
}

/** The local provider's form: Name, Email, "Sign in". */
export async function fillProviderForm(page: Page, person: Person): Promise<void> {
  await page.getByLabel("Name", { exact: true }).fill(person.name);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The token set the web app stored, or null. */
export async function storedTokens(page: Page): Promise<TokenSet | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), TOKEN_DATA_KEY);
  return raw === null ? null : (JSON.parse(raw) as TokenSet);
}

/** A browser storage state holding this session (Playwright's `storageState`). */
export function storageStateFor(webUrl: string, tokens: TokenSet) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(webUrl).origin,
        localStorage: [{ name: TOKEN_DATA_KEY, value: JSON.stringify(tokens) }],
      },
    ],
  };
}

function locationOf(response: APIResponse): string {
  const location = response.headers().location;
  if (location === undefined) {
    throw new Error(`${response.url()} answered ${response.status()} without a redirect`);
  }
  return new URL(location, response.url()).href;
}

/**
 * The sign-in's HTTP requests as a browser makes them (cookies kept, redirects followed) up to the
 * redirect that hands the web app's /auth/callback its one-time code; the code's URL, and the
 * secret the sign-in is bound to (decisions D2), not yet exchanged.
 */
export async function signInUpToCallback(
  request: APIRequestContext,
  stack: StackAddress,
  person: Person,
): Promise<{ callbackUrl: string; secret: string }> {
  const binding = await createBrowserBinding();
  const login = await request.get(`${stack.apiUrl}/auth/google/login`, {
    params: { browser_challenge: binding.challenge },
  });
  expect(login.ok()).toBe(true);
  const { authorization_url } = (await login.json()) as { authorization_url: string };
  const formPage = await request.get(authorization_url);
  const action = /<form method="post" action="([^"]+)">/.exec(await formPage.text())?.[1];
  if (action === undefined) throw new Error(`no sign-in form at ${formPage.url()}`);
  const formAction = new URL(action.replaceAll("&amp;", "&"), formPage.url()).href;

  const callback = `${stack.webUrl}/auth/callback`;
  let location = locationOf(
    await request.post(formAction, { form: { ...person }, maxRedirects: 0 }),
  );
  for (let hops = 0; !location.startsWith(callback); hops += 1) {
    if (hops > 10) throw new Error(`sign-in never reached ${callback}`);
    location = locationOf(await request.get(location, { maxRedirects: 0 }));
  }
  if (!new URL(location).searchParams.get("code")) throw new Error(`sign-in failed: ${location}`);
  return { callbackUrl: location, secret: binding.verifier };
}

/** A whole sign-in over HTTP, the code exchanged as the web app does it: the session's tokens. */
export async function signInOverHttp(
  request: APIRequestContext,
  stack: StackAddress,
  person: Person,
): Promise<TokenSet> {
  const { callbackUrl, secret } = await signInUpToCallback(request, stack, person);
  const exchanged = await request.post(`${stack.apiUrl}/auth/google/exchange`, {
    data: { code: new URL(callbackUrl).searchParams.get("code"), browser_verifier: secret },
  });
  expect(exchanged.status()).toBe(200);
  return (await exchanged.json()) as TokenSet;
}
