// Issue 8, suite 10 (browser side) and decisions D3: the served web pages carry a Content Security
// Policy that allows no inline script, no Referer and nosniff; the browser enforces the policy;
// the API answers no origin but the web app's (CORS).
import { expect, test } from "../support/fixtures.js";

const PAGES = ["/", "/dashboard", "/auth/callback", "/no-such-page"];

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name.toLowerCase(), values]),
  );
}

test.describe("served pages", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const path of PAGES) {
    test(`${path} carries a CSP without inline script, no-referrer and nosniff`, async ({
      page,
      stack,
    }) => {
      const response = await page.goto(path);
      if (response === null) throw new Error(`no response for ${path}`);
      const headers = await response.allHeaders();
      const csp = directives(headers["content-security-policy"] ?? "");
      const scripts = csp.get("script-src") ?? csp.get("default-src");
      expect(scripts).toBeDefined();
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain("*");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("connect-src")).toEqual(["'self'", stack.apiUrl]);
      expect(headers["referrer-policy"]).toBe("no-referrer");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    });
  }

  test("/ carries HSTS, Cross-Origin-Opener-Policy and a Permissions-Policy Chromium knows every feature of", async ({
    page,
  }) => {
    // issue 17: an unknown feature name would be an error in the console (and on Lighthouse).
    const response = await page.goto("/");
    const headers = (await response?.allHeaders()) ?? {};
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    const named = (headers["permissions-policy"] ?? "").split(", ").map((p) => p.split("=")[0]);
    expect(named).toEqual(expect.arrayContaining(["camera", "microphone", "geolocation"]));
    const { known, allowed } = await page.evaluate(() => {
      const policy = (
        document as unknown as {
          featurePolicy: { features(): string[]; allowedFeatures(): string[] };
        }
      ).featurePolicy;
      return { known: policy.features(), allowed: policy.allowedFeatures() };
    });
    expect(named.filter((feature) => !known.includes(feature ?? ""))).toEqual([]);
    expect(named.filter((feature) => allowed.includes(feature ?? ""))).toEqual([]);
  });

  test("the scripts and styles the pages load carry nosniff too", async ({ page, stack }) => {
    const assets: Record<string, string | undefined>[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(`${stack.webUrl}/assets/`)) assets.push(response.headers());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    expect(assets.length).toBeGreaterThan(0);
    for (const headers of assets) expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  test("the browser refuses an injected inline script", async ({ page }) => {
    await page.goto("/");
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string }>((resolve) => {
          document.addEventListener(
            "securitypolicyviolation",
            (event) => {
              resolve({
                ran: (window as { injected?: boolean }).injected === true,
                violated: event.effectiveDirective,
              });
            },
            { once: true },
          );
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: "script-src-elem" });
  });
});

test.describe("CORS", () => {
  const FOREIGN = "http://foreign.example.test";

  test("the API answers the web app's origin and refuses another", async ({
    page,
    context,
    account,
    stack,
  }) => {
    // Runs in the page (serialised by page.evaluate): the profile as the page could read it.
    const readProfile = ([apiUrl, token]: readonly [string, string]) =>
      fetch(`${apiUrl}/users/me`, { headers: { Authorization: `Bearer ${token}` } }).then(
        async (response) =>
          `${String(response.status)} ${((await response.json()) as { email: string }).email}`,
        (error: unknown) => `refused: ${String(error)}`,
      );
    const args = [stack.apiUrl, account.tokens.access_token] as const;

    // From the web app's own origin: answered.
    await page.goto("/");
    expect(await page.evaluate(readProfile, args)).toBe(`200 ${account.email}`);

    // From another site (served here, as that site would), with the same valid token: the
    // browser gets no answer it may read.
    await context.route(`${FOREIGN}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Elsewhere</title>" }),
    );
    await page.goto(`${FOREIGN}/`);
    expect(await page.evaluate(readProfile, args)).toMatch(/^refused: TypeError/);
  });

  test("the API's preflight names the web app's origin only", async ({ request, stack }) => {
    const preflight = (origin: string) =>
      request.fetch(`${stack.apiUrl}/tasks/`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
    const own = await preflight(stack.webUrl);
    expect(own.headers()["access-control-allow-origin"]).toBe(stack.webUrl);
    const foreign = await preflight(FOREIGN);
    expect(foreign.headers()["access-control-allow-origin"]).toBeUndefined();
  });
});
