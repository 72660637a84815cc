// decisions D3: the headers the web app's pages are served with.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

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
