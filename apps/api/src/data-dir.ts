// DATA_DIR holds the database, its lock and the generated keys: the owner's alone (issue 17).
// PGlite cannot be told to create private files: its file system layer chmods every new file to
// 0666 whatever the umask, so what it wrote is made private after the fact, and the directory
// itself (0700, also when it existed before) keeps others out of anything written in between.
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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
 * (mode 0600). Two processes starting at once keep the same one, and neither ever reads it half
 * written: it is written whole to a file of this process's own, then linked into place, which
 * never overwrites (EEXIST: another process was first, and its secret is the one).
 */
export function readOrCreateSecretFile(path: string, dataDir: string, generate: () => string) {
  // 0700 also when the directory was there before (issue 17): the secret is in it.
  makePrivateDirectory(dataDir);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Before, the file was created by its open ("wx") and written after: a second process starting
  // at that moment read it empty and refused to start (reliability suite 11, three API processes
  // on one fresh DATA_DIR).
  const whole = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(whole, generate(), { flag: "wx", mode: 0o600 });
  try {
    linkSync(whole, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(whole, { force: true });
  }
  return readFileSync(path, "utf8");
}
