// decisions D13: the unsubscribe link of an old email, followed in a browser. A token that no
// longer verifies (the server's keys changed since, or the mail client cut the link) or no token
// at all is answered with a small page that says so and points to the app's settings, with the
// same 404 or 422 an API caller gets; a caller that does not ask for HTML (a mail client's
// RFC 8058 one-click POST, an OpenAPI-driven check) keeps FastAPI's JSON.
import { describe, expect, it } from "vitest";
import { generateSigningKeyPem, signingKeysFromPem } from "../src/auth/signing-key.js";
import { createUnsubscribeTokens } from "../src/email/unsubscribe-tokens.js";
import { call, get, post } from "./support/http.js";
import { TEST_WEB_ORIGIN, signInAs, testConfig, useTestApp } from "./support/test-app.js";

/** What Chromium sends when a person opens a link or submits a form. */
const BROWSER = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
};

const NOT_VALID =
  "This unsubscribe link is not valid (it may be from before the server's keys changed); " +
  "turn the reminder emails off in Life Admin's settings";

const MISSING_TOKEN = {
  detail: [
    {
      loc: ["query", "token"],
      msg: "Invalid input: expected string, received undefined",
      type: "missing",
    },
  ],
};

const t = useTestApp();

/** A link from an email sent before the server's signing key was replaced. */
async function staleLink() {
  const { user } = await signInAs(t.deps);
  const before = createUnsubscribeTokens(signingKeysFromPem(generateSigningKeyPem()).privateKey);
  return `/email/unsubscribe?token=${before.tokenFor(user.id)}`;
}

/** A link a mail client wrapped at its line length: the token cut short. */
async function cutLink() {
  const { user } = await signInAs(t.deps);
  const token = t.deps.unsubscribeTokens.tokenFor(user.id);
  return `/email/unsubscribe?token=${token.slice(0, 20)}`;
}

function expectNotValidPage(res: { headers: Headers; text: string }) {
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.text).toMatch(/<h1>This link is not valid<\/h1>/);
  expect(res.text).toContain(`<a href="${TEST_WEB_ORIGIN}/settings">`);
  expect(res.text).not.toContain("detail");
}

describe("an unsubscribe link that is not valid, opened in a browser", () => {
  it("is a page saying so, pointing to the settings, for a link from before the keys changed", async () => {
    const res = await get(t.app, await staleLink(), { headers: BROWSER });
    expect(res.status).toBe(404);
    expectNotValidPage(res);
    // A page of its own: it runs nothing, and no cache keeps it for an API caller.
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("vary")).toContain("Accept");
  });

  it("is the same page for a link the mail client cut short, and its button's POST", async () => {
    const link = await cutLink();
    const opened = await get(t.app, link, { headers: BROWSER });
    expect(opened.status).toBe(404);
    expectNotValidPage(opened);
    const submitted = await post(t.app, link, { headers: BROWSER });
    expect(submitted.status).toBe(404);
    expectNotValidPage(submitted);
  });

  it("is the same page, with a 422, for a link without its token", async () => {
    for (const path of ["/email/unsubscribe", "/email/unsubscribe?"]) {
      const res = await get(t.app, path, { headers: BROWSER });
      expect(res.status).toBe(422);
      expectNotValidPage(res);
    }
  });

  it("does not change the page of a link that is valid", async () => {
    const { user } = await signInAs(t.deps);
    const token = t.deps.unsubscribeTokens.tokenFor(user.id);
    const res = await get(t.app, `/email/unsubscribe?token=${token}`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h1>Stop reminder emails?</h1>");
  });
});

describe("the same links, called by something that does not ask for HTML", () => {
  const callers = {
    "no Accept": {},
    "Accept: */*": { Accept: "*/*" },
    "Accept: application/json": { Accept: "application/json" },
    "HTML refused (q=0)": { Accept: "text/html;q=0, application/json" },
  };

  for (const [name, headers] of Object.entries(callers)) {
    it(`answers FastAPI's JSON as before (${name})`, async () => {
      for (const method of ["GET", "POST"]) {
        const stale = await call(t.app, method, await staleLink(), { headers });
        expect(stale.status).toBe(404);
        expect(stale.body).toEqual({ detail: NOT_VALID });
        expect(stale.headers.get("vary")).toContain("Accept");
        const missing = await call(t.app, method, "/email/unsubscribe", { headers });
        expect(missing.status).toBe(422);
        expect(missing.body).toEqual(MISSING_TOKEN);
      }
    });
  }

  it("answers a mail client's one-click POST (RFC 8058) with JSON", async () => {
    const res = await post(t.app, await cutLink(), {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      raw: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: NOT_VALID });
  });
});

describe("the page of a valid link, with the API behind a proxy under a path", () => {
  // PUBLIC_API_URL names where browsers reach the API; the proxy strips its path.
  const proxied = useTestApp({
    config: testConfig({ PUBLIC_API_URL: "https://life-admin.example/api" }),
  });

  it("posts its button back to the link the email gave, not to the site's root", async () => {
    const { user } = await signInAs(proxied.deps);
    const token = proxied.deps.unsubscribeTokens.tokenFor(user.id);
    const link = `https://life-admin.example/api/email/unsubscribe?token=${token}`;
    const res = await get(proxied.app, `/email/unsubscribe?token=${token}`, { headers: BROWSER });
    expect(res.status).toBe(200);
    const action = /<form method="post" action="([^"]*)">/.exec(res.text)?.[1];
    expect(action).toBeDefined();
    expect(new URL(action ?? "", link).href).toBe(link);
  });
});
