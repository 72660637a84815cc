// Which provider the API signs in with (decisions D2), and the production guard.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get } from "../../../test/support/http.js";
import { createTestApp, testConfig, type TestApp } from "../../../test/support/test-app.js";
import { ConfigError, loadConfig } from "../../config.js";
import { loginAttempts } from "../../db/schema.js";
import { packageRoot } from "../../paths.js";
import { generateSigningKeyPem } from "../signing-key.js";
import { withLocalProvider } from "./local-provider-server.js";
import {
  GOOGLE_ISSUER,
  SignInProviderError,
  callbackUrl,
  createSignInProvider,
} from "./sign-in-provider.js";

const API = "http://127.0.0.1:8000";

describe("choosing the provider", () => {
  it("signs in with Google when its credentials are configured, and serves no local provider", () => {
    const provider = createSignInProvider({
      nodeEnv: "production",
      publicApiUrl: "https://api.example.com",
      google: { clientId: "id.apps.googleusercontent.com", clientSecret: "secret" },
    });
    expect(provider.kind).toBe("google");
    expect(provider.client.issuer).toBe(GOOGLE_ISSUER);
    expect(provider.local).toBeNull();
  });

  it("brings up the local provider under {PUBLIC_API_URL}/oidc without Google credentials", () => {
    const provider = createSignInProvider({
      nodeEnv: "development",
      publicApiUrl: API,
      google: null,
    });
    expect(provider.kind).toBe("local");
    expect(provider.client.issuer).toBe(`${API}/oidc`);
    expect(provider.local?.owns("/oidc/auth?x=1")).toBe(true);
    expect(provider.local?.owns("/oidcx")).toBe(false);
    expect(provider.local?.owns("/auth/google/login")).toBe(false);
  });

  it("names the one redirect URI to register", () => {
    expect(callbackUrl("https://api.example.com")).toBe(
      "https://api.example.com/auth/google/callback",
    );
  });

  it("refuses the local provider in production, saying why", () => {
    expect(() =>
      createSignInProvider({ nodeEnv: "production", publicApiUrl: API, google: null }),
    ).toThrow(SignInProviderError);
    expect(() =>
      createSignInProvider({ nodeEnv: "production", publicApiUrl: API, google: null }),
    ).toThrow(/NODE_ENV=production needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });
});

describe("production without Google credentials", () => {
  const productionEnv = () => ({
    NODE_ENV: "production",
    TOKEN_SIGNING_KEY: generateSigningKeyPem(),
  });

  it("is refused by the configuration with a message naming the missing variable", () => {
    expect(() => loadConfig(productionEnv())).toThrow(ConfigError);
    expect(() => loadConfig(productionEnv())).toThrow(
      /GOOGLE_CLIENT_ID: is required in production/,
    );
  });

  it("makes the server process exit at start with that message", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "life-admin-prod-"));
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], {
        cwd: packageRoot,
        env: { PATH: process.env.PATH, ...productionEnv(), DATA_DIR: dataDir, PORT: "0" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("GOOGLE_CLIENT_ID");
      expect(run.stderr).toContain("local sign-in provider");
      expect(run.stdout).not.toContain("listening");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("with Google configured", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp({
      config: testConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }),
    });
  });
  afterAll(() => api.close());

  it("does not answer under /oidc", async () => {
    const apiListener = getRequestListener(api.app.fetch);
    expect(api.deps.signIn.local).toBeNull();
    expect(withLocalProvider(api.deps.signIn.local, apiListener)).toBe(apiListener);
    const response = await get(api.app, "/oidc/.well-known/openid-configuration");
    expect(response.status).toBe(404);
  });
});

describe("when the provider cannot be reached", () => {
  let api: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port, so discovery of {PUBLIC_API_URL}/oidc fails.
    api = await createTestApp({ config: testConfig({ PUBLIC_API_URL: "http://127.0.0.1:9" }) });
  });
  afterAll(() => api.close());

  it("answers the login with 503 and a detail, and keeps no attempt", async () => {
    const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    const response = await get(api.app, `/auth/google/login?browser_challenge=${challenge}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      detail: "The sign-in provider cannot be reached; please try again",
    });
    expect(await api.deps.database.db.$count(loginAttempts)).toBe(0);
  });
});
