// What the API writes under DATA_DIR is on the disk before it is relied on, so that a power cut or
// a crash of the machine (not only of the process: reliability suite 7) takes nothing back that a
// person was told was saved. The operating system keeps writes in memory for up to half a minute;
// only fsync puts them on the disk. Each case watches the fsync calls the process makes, and the
// file each one flushed (Linux's /proc/self/fd names it).
import fs, { mkdtempSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { flushToDisk, readOrCreateSecretFile } from "../src/data-dir.js";
import { openPglite, pgliteDirectory } from "../src/db/pglite.js";

const root = mkdtempSync(join(tmpdir(), "life-admin-durability-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/**
 * Records the path of every file flushed from now on, by PGlite's file system layer (which calls
 * `fs.fsyncSync`) and by the API's own code (a named import, which syncBuiltinESMExports updates).
 */
function watchFlushes(): { paths: string[] } {
  const watched = { paths: [] as string[] };
  const flush = fs.fsyncSync;
  vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
    watched.paths.push(readlinkSync(`/proc/self/fd/${String(fd)}`));
    flush(fd);
  });
  syncBuiltinESMExports();
  return watched;
}

afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

describe.runIf(process.platform === "linux")("what is written under DATA_DIR", () => {
  it("flushes PGlite's write-ahead log at each commit, before the commit is answered", async () => {
    const dataDir = join(root, "commits");
    const database = await openPglite(dataDir);
    try {
      await database.db.execute(sql`create table probe (id int primary key, note text)`);
      const watched = watchFlushes();
      for (const id of [1, 2, 3]) {
        const before = watched.paths.length;
        await database.db.execute(sql`insert into probe values (${id}, 'kept')`);
        const flushed = watched.paths.slice(before).map((path) => relative(dataDir, path));
        expect(flushed.some((path) => path.startsWith("pglite/pg_wal/"))).toBe(true);
      }
      // A read commits nothing, and flushes nothing.
      const reads = watched.paths.length;
      await database.db.execute(sql`select count(*) from probe`);
      expect(watched.paths.length).toBe(reads);
    } finally {
      await database.close();
    }
  });

  it("flushes a new database's files once, when the data directory is made", async () => {
    const dataDir = join(root, "new");
    let watched = watchFlushes();
    const database = await openPglite(dataDir);
    await database.close();
    const flushed = new Set(watched.paths.map((path) => relative(dataDir, path)));
    for (const path of ["pglite", "pglite/PG_VERSION", "pglite/global/pg_control"]) {
      expect(flushed).toContain(path);
    }
    vi.restoreAllMocks();

    // Opened again, it is not walked again: PostgreSQL flushes what it writes from then on.
    watched = watchFlushes();
    const again = await openPglite(dataDir);
    await again.close();
    expect(watched.paths.map((path) => relative(dataDir, path))).not.toContain("pglite/PG_VERSION");
    expect(readFileSync(join(pgliteDirectory(dataDir), "PG_VERSION"), "utf8").trim()).toMatch(
      /^\d+$/,
    );
  });

  it("flushes a generated secret file, and its name in the directory, before answering it", () => {
    const dataDir = join(root, "secrets");
    const watched = watchFlushes();
    const secret = readOrCreateSecretFile(join(dataDir, "files-key"), dataDir, () => "a secret");
    expect(secret).toBe("a secret");
    const flushed = watched.paths.map((path) => relative(dataDir, path));
    // Its content under a name of this process's own, then the directory once it is linked.
    expect(flushed).toHaveLength(2);
    expect(flushed[0]).toMatch(/^files-key\.\d+\./);
    expect(flushed[1]).toBe("");

    // Read again, nothing is written, and nothing flushed.
    const reads = watched.paths.length;
    readOrCreateSecretFile(join(dataDir, "files-key"), dataDir, () => "another");
    expect(watched.paths.length).toBe(reads);
  });

  it("goes on where the system cannot flush a directory (Windows), but not a file", () => {
    const dataDir = join(root, "unflushable");
    readOrCreateSecretFile(join(dataDir, "key"), dataDir, () => "a secret");
    vi.spyOn(fs, "openSync").mockImplementation(() => {
      throw Object.assign(new Error("EISDIR: illegal operation on a directory"), {
        code: "EISDIR",
      });
    });
    syncBuiltinESMExports();
    expect(() => {
      flushToDisk(dataDir, { directory: true });
    }).not.toThrow();
    expect(() => {
      flushToDisk(join(dataDir, "key"));
    }).toThrow(/EISDIR/);
  });
});
