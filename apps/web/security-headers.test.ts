// decisions D3: the headers the web app's pages are served with.
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  headersFile,
  headersForPath,
  parseHeadersFile,
  securityHeaders,
} from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("the Content Security Policy", () => {
  const policy = directives(contentSecurityPolicy("http://127.0.0.1:8000"));

  it("allows scripts from our own origin only, never inline or eval", () => {
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("lets the page talk to itself and the API only", () => {
    expect(policy.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:8000"]);
  });

  it("forbids plugins, <base>, and framing by anyone", () => {
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("lets the browser read the app's manifest from our origin, for installing it", () => {
    expect(policy.get("manifest-src") ?? policy.get("default-src")).toEqual(["'self'"]);
  });

  it("allows images from our origin and data: addresses (the select arrow)", () => {
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
  });
});

describe("securityHeaders", () => {
  it("sends no Referer and no sniffing along with the policy", () => {
    const headers = securityHeaders("https://api.example.com");
    expect(headers["Referrer-Policy"]).toBe("no-referrer");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Content-Security-Policy"]).toContain(
      "connect-src 'self' https://api.example.com",
    );
  });
});

describe("the headers beyond the policy (issue 17)", () => {
  const headers = securityHeaders("https://api.example.com");

  it("keeps the app on HTTPS for two years, subdomains included, in a browsing context of its own", () => {
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  });

  it("turns off the browser features the app does not use, each for every origin", () => {
    const features = (headers["Permissions-Policy"] ?? "").split(", ");
    expect(features).toEqual(
      expect.arrayContaining([
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
      ]),
    );
    for (const feature of features) expect(feature).toMatch(/^[a-z-]+=\(\)$/);
  });
});

describe("the build's headers file (dist/_headers)", () => {
  const rules = parseHeadersFile(headersFile("https://api.example.com"));
  const expected = Object.entries(securityHeaders("https://api.example.com")).map(
    ([name, value]) => [name.toLowerCase(), value],
  );

  it("gives every path the security headers, and no caching rule of its own", () => {
    for (const path of ["/", "/dashboard", "/index.html", "/favicon.svg"]) {
      expect([...headersForPath(rules, path)], path).toEqual(expected);
    }
  });

  it("caches the hashed assets for good", () => {
    const headers = headersForPath(rules, "/assets/index-3f2a9c.js");
    expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(headers.get("permissions-policy")).toBe(securityHeaders("x")["Permissions-Policy"]);
  });

  it("refuses a header line outside any path", () => {
    expect(() => parseHeadersFile("  X-Frame-Options: DENY\n")).toThrow(/_headers, line 1/);
  });
});
