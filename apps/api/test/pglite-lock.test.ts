// PGlite is one process per data directory: the lock that enforces it, within one process.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDirectoryLock, DataDirLockedError } from "../src/db/data-dir-lock.js";
import { openPglite } from "../src/db/pglite.js";

const root = mkdtempSync(join(tmpdir(), "life-admin-lock-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the data directory lock", () => {
  it("refuses a second open of the same directory until the first is closed", async () => {
    const dataDir = join(root, "data");
    const first = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(openPglite(dataDir)).rejects.toThrow(/already in use by this process/);
    await first.close();
    const again = await openPglite(dataDir);
    await again.ping();
    await again.close();
  });

  it("takes over a lock whose process no longer exists", () => {
    const lockPath = join(root, "stale.lock");
    writeFileSync(lockPath, "2147483646"); // no such pid
    const lock = acquireDirectoryLock(lockPath, root);
    expect(() => acquireDirectoryLock(lockPath, root)).toThrow(DataDirLockedError);
    lock.release();
    acquireDirectoryLock(lockPath, root).release();
  });

  it("takes over an empty lock file (a crash between creating and writing it) and holds it", () => {
    const lockPath = join(root, "empty.lock");
    writeFileSync(lockPath, "");
    const lock = acquireDirectoryLock(lockPath, root);
    expect(readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    expect(() => acquireDirectoryLock(lockPath, root)).toThrow(/already in use by this process/);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });
});
