// DATA_DIR is the owner's alone (issue 17): on a directory that already existed with 0755, the
// real server leaves it 0700 and nothing under it that a group or other user may read or write
// (PGlite itself creates its files 0666), both while it runs and once it has stopped.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "./support/server-process.js";

const root = mkdtempSync(join(tmpdir(), "life-admin-perms-"));
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server !== null && server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  rmSync(root, { recursive: true, force: true });
});

/** Every file and directory under `dir` that a group or other user has any access to. */
function sharedEntries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => (lstatSync(path).mode & 0o077) !== 0)
    .map((path) => `${(lstatSync(path).mode & 0o777).toString(8)} ${path}`);
}

function modeOf(path: string): string {
  return (lstatSync(path).mode & 0o777).toString(8);
}

describe("the data directory", () => {
  it("is made 0700, with nothing under it open to others, when it existed as 0755", async () => {
    const dataDir = join(root, "data");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    expect(modeOf(dataDir)).toBe("755");

    server = startServer({ DATA_DIR: dataDir });
    await server.listening;
    expect(modeOf(dataDir)).toBe("700");
    expect(readdirSync(join(dataDir, "pglite")).length).toBeGreaterThan(0);
    expect(sharedEntries(dataDir)).toEqual([]);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(modeOf(dataDir)).toBe("700");
    expect(sharedEntries(dataDir)).toEqual([]);
  });
});
