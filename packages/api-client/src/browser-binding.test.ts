import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browserChallengeOf, createBrowserBinding } from "./browser-binding.js";

describe("a sign-in's browser binding (decisions D2)", () => {
  it("makes a secret of 256 random bits and sends only its base64url SHA-256", async () => {
    const { verifier, challenge } = await createBrowserBinding();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(challenge).toBe(createHash("sha256").update(verifier).digest("base64url"));
    expect(challenge).not.toContain(verifier);
  });

  it("makes a new secret for every sign-in", async () => {
    const secrets = new Set(
      await Promise.all(
        Array.from({ length: 20 }, async () => (await createBrowserBinding()).verifier),
      ),
    );
    expect(secrets.size).toBe(20);
  });

  it("hashes as PKCE's S256 does (RFC 7636, appendix B)", async () => {
    await expect(browserChallengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).resolves.toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });
});
