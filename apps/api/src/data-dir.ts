// DATA_DIR holds the database, its lock and the token signing key: the owner's alone (issue 17).
// PGlite cannot be told to create private files: its file system layer chmods every new file to
// 0666 whatever the umask, so what it wrote is made private after the fact, and the directory
// itself (0700, also when it existed before) keeps others out of anything written in between.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
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
