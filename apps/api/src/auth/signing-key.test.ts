import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateSigningKeyPem, loadSigningKeys, signingKeyPath } from "./signing-key.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-key-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadSigningKeys", () => {
  it("generates a key on first start, keeps it in the data directory with mode 0600, and reuses it", () => {
    const dataDir = join(tempDir(), "nested", "data");
    const first = loadSigningKeys({ tokenSigningKey: null, dataDir, nodeEnv: "development" });
    const path = signingKeyPath(dataDir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toContain("-----BEGIN PRIVATE KEY-----");
    const second = loadSigningKeys({ tokenSigningKey: null, dataDir, nodeEnv: "development" });
    expect(second.kid).toBe(first.kid);
  });

  it("makes the data directory 0700 before reading or writing the key, also one that existed as 0755", () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    loadSigningKeys({ tokenSigningKey: null, dataDir, nodeEnv: "development" });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    chmodSync(dataDir, 0o755);
    loadSigningKeys({ tokenSigningKey: null, dataDir, nodeEnv: "development" });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it("uses TOKEN_SIGNING_KEY when set and writes nothing", () => {
    const dataDir = tempDir();
    const pem = generateSigningKeyPem();
    const keys = loadSigningKeys({ tokenSigningKey: pem, dataDir, nodeEnv: "production" });
    expect(keys.privateKey.asymmetricKeyType).toBe("ed25519");
    expect(() => statSync(signingKeyPath(dataDir))).toThrow();
  });

  it("never generates a key in production", () => {
    expect(() =>
      loadSigningKeys({ tokenSigningKey: null, dataDir: tempDir(), nodeEnv: "production" }),
    ).toThrow(/TOKEN_SIGNING_KEY is required in production/);
  });
});
