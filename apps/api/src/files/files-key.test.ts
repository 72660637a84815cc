import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { filesKeyPath, loadFilesKey } from "./files-key.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-files-key-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const files = (key: Buffer | null) => ({
  key,
  maxUploadBytes: 1,
  maxBytesPerUser: 1,
  readingTimeoutSeconds: 1,
});

describe("loadFilesKey", () => {
  it("generates a key on first start, keeps it in the data directory with mode 0600, and reuses it", () => {
    const dataDir = join(tempDir(), "data");
    const first = loadFilesKey({ files: files(null), dataDir, nodeEnv: "development" });
    const path = filesKeyPath(dataDir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(path, "utf8"), "base64")).toHaveLength(32);
    const second = loadFilesKey({ files: files(null), dataDir, nodeEnv: "development" });
    expect(second.export()).toEqual(first.export());
    expect(first.symmetricKeySize).toBe(32);
  });

  it("uses FILES_KEY when set and writes nothing", () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    const loaded = loadFilesKey({ files: files(key), dataDir, nodeEnv: "production" });
    expect(loaded.export()).toEqual(key);
    expect(() => statSync(filesKeyPath(dataDir))).toThrow();
  });

  it("never generates a key in production", () => {
    expect(() =>
      loadFilesKey({ files: files(null), dataDir: tempDir(), nodeEnv: "production" }),
    ).toThrow(/FILES_KEY is required in production/);
  });
});
