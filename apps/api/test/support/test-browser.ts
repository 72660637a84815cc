// Test support: just enough of a browser to drive a sign-in over real HTTP. It keeps cookies per
// host, follows redirects one at a time (so a test can stop at any of them), reads the local
// provider's form, and keeps the secret a sign-in is bound to, as the web app keeps it in
// sessionStorage (decisions D2). Used by the sign-in tests only.
import { createHash, randomBytes } from "node:crypto";
import type { TokenSet } from "@life-admin/domain";

export interface Step {
  status: number;
  url: string;
  location: string | null;
  headers: Headers;
  body: string;
}

export interface FormField {
  label: string;
  name: string;
  type: string;
}

export interface SignInForm {
  action: string;
  fields: FormField[];
  buttons: string[];
  cancelAction: string | null;
}

export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();
  /** The secret of the sign-in this browser started last (the web app's sessionStorage). */
  signInSecret: string | null = null;

  /** Starts a sign-in's binding: a new secret, kept; its challenge, for the login. */
  newSignInChallenge(): string {
    this.signInSecret = randomBytes(32).toString("base64url");
    return createHash("sha256").update(this.signInSecret).digest("base64url");
  }

  /** GET /auth/google/login for a new sign-in of this browser: the authorization URL. */
  async login(apiUrl: string): Promise<string> {
    const challenge = this.newSignInChallenge();
    const response = await fetch(`${apiUrl}/auth/google/login?browser_challenge=${challenge}`);
    if (response.status !== 200) {
      throw new Error(`login answered ${response.status}: ${await response.text()}`);
    }
    return ((await response.json()) as { authorization_url: string }).authorization_url;
  }

  /** POST /auth/google/exchange as the web app does, with this browser's secret (or another). */
  exchange(apiUrl: string, code: string, secret = this.signInSecret ?? ""): Promise<Response> {
    return fetch(`${apiUrl}/auth/google/exchange`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, browser_verifier: secret }),
    });
  }

  /** One request, no redirect followed. Relative URLs resolve against `base`. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; base?: string } = {},
  ): Promise<Step> {
    const target = new URL(url, init.base);
    const headers = new Headers();
    const jar = this.cookies.get(target.host);
    if (jar && jar.size > 0) {
      headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    let body: string | undefined;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body: body ?? null,
      redirect: "manual",
    });
    this.keepCookies(target.host, response.headers.getSetCookie());
    const location = response.headers.get("location");
    return {
      status: response.status,
      url: target.href,
      location: location === null ? null : new URL(location, target).href,
      headers: response.headers,
      body: await response.text(),
    };
  }

  /**
   * Follows redirects from `url` until one points at a URL `stop` accepts (returned without being
   * requested) or a response is not a redirect (returned as is).
   */
  async follow(
    url: string,
    stop: (url: string) => boolean = () => false,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ stoppedAt: string | null; last: Step }> {
    let step = await this.request(url, init);
    for (let hops = 0; hops < 20; hops += 1) {
      if (step.location === null || step.status < 300 || step.status >= 400) {
        return { stoppedAt: null, last: step };
      }
      if (stop(step.location)) return { stoppedAt: step.location, last: step };
      step = await this.request(step.location);
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  private keepCookies(host: string, setCookies: string[]) {
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const header of setCookies) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Reads the local provider's sign-in page: the form, its labelled inputs and its buttons. */
export function readSignInForm(html: string, pageUrl: string): SignInForm {
  const forms = [...html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)];
  const [signIn, cancel] = forms;
  if (!signIn) throw new Error("no form on the page");
  const inner = signIn[2] ?? "";
  const labels = new Map(
    [...inner.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => [m[1], m[2] ?? ""]),
  );
  const fields = [...inner.matchAll(/<input id="([^"]+)" name="([^"]+)" type="([^"]+)"/g)].map(
    (m) => ({ label: labels.get(m[1]) ?? "", name: m[2] ?? "", type: m[3] ?? "" }),
  );
  const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1] ?? "");
  const resolve = (action: string | undefined) =>
    action === undefined ? null : new URL(decodeEntities(action), pageUrl).href;
  return {
    action: resolve(signIn[1]) ?? pageUrl,
    fields,
    buttons,
    cancelAction: resolve(cancel?.[1]),
  };
}

/**
 * A person signing in at the local provider: from the authorization URL to the form, posts the
 * name and email, and follows redirects until one points where the provider hands the browser
 * back (`returnsTo`), which is returned without being requested.
 */
export async function signInAtLocalProvider(
  browser: TestBrowser,
  authorizationUrl: string,
  person: { name: string; email: string },
  returnsTo: (url: string) => boolean,
): Promise<URL> {
  const toForm = await browser.follow(authorizationUrl);
  if (toForm.last.status !== 200) {
    throw new Error(`no sign-in form; ${toForm.last.url} answered ${toForm.last.status}`);
  }
  const form = readSignInForm(toForm.last.body, toForm.last.url);
  const posted = await browser.follow(form.action, returnsTo, { form: { ...person } });
  if (posted.stoppedAt === null) {
    const { status, url, body } = posted.last;
    throw new Error(`never handed back; ${url} answered ${status}: ${body.slice(0, 500)}`);
  }
  return new URL(posted.stoppedAt);
}

/**
 * A whole sign-in through the local provider, as the web app and a person in a browser do it:
 * the login with this browser's challenge, the form, the API's callback, and the exchange of the
 * callback's code with the browser's secret. The token set the web app would store.
 */
export async function signInThroughApi(
  apiUrl: string,
  person: { name: string; email: string },
  browser = new TestBrowser(),
): Promise<TokenSet> {
  const callbackPath = `${apiUrl}/auth/google/callback`;
  const redirect = await signInAtLocalProvider(
    browser,
    await browser.login(apiUrl),
    person,
    (url) => url.startsWith(callbackPath),
  );
  const step = await browser.request(redirect.toString());
  const code = new URL(step.location ?? "", apiUrl).searchParams.get("code");
  if (code === null)
    throw new Error(`sign-in failed: the callback sent the browser to ${step.location}`);
  const exchanged = await browser.exchange(apiUrl, code);
  if (exchanged.status !== 200) {
    throw new Error(`exchange answered ${exchanged.status}: ${await exchanged.text()}`);
  }
  return (await exchanged.json()) as TokenSet;
}
