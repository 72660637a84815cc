// DATA_DIR holds the database, its lock and the generated keys: the owner's alone (issue 17).
// PGlite cannot be told to create private files: its file system layer chmods every new file to
// 0666 whatever the umask, so what it wrote is made private after the fact, and the directory
// itself (0700, also when it existed before) keeps others out of anything written in between.
import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Group and other permission bits: none of them is wanted on anything under DATA_DIR. */
const GROUP_AND_OTHER = 0o077;

/** Creates `dir` (and its parents) if needed, and makes it 0700 even if it already existed. */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

function removeFrom(path: string): void {
  const { mode } = lstatSync(path);
  if ((mode & GROUP_AND_OTHER) !== 0) chmodSync(path, mode & 0o700);
}

/**
 * Takes the group and other bits off `dir` and every file and directory under it (owner bits
 * kept; symbolic links are neither followed nor changed), touching only what has such bits.
 */
export function removeGroupAndOtherAccess(dir: string): void {
  removeFrom(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() || entry.isDirectory()) removeFrom(join(entry.parentPath, entry.name));
  }
}

/**
 * The secret kept in the file at `path` under `dataDir`, written there by `generate` on first use
 * (mode 0600). Two processes starting at once keep the same one: a file is never overwritten.
 */
export function readOrCreateSecretFile(path: string, dataDir: string, generate: () => string) {
  // 0700 also when the directory was there before (issue 17): the secret is in it.
  makePrivateDirectory(dataDir);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    // "wx": never overwrite a secret another process wrote a moment ago; 0600: only us.
    writeFileSync(path, generate(), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(path, "utf8");
}
