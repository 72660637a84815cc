// DATA_DIR holds the database, its lock and the generated keys: the owner's alone (issue 17).
// PGlite cannot be told to create private files: its file system layer chmods every new file to
// 0666 whatever the umask, so what it wrote is made private after the fact, and the directory
// itself (0700, also when it existed before) keeps others out of anything written in between.
//
// What is written under DATA_DIR is flushed to the disk before it is relied on (fsync), so that a
// power cut or a crash of the machine does not take back a key that encrypted files, or a new
// database's files: the operating system keeps writes in memory for up to half a minute.
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";

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

/** What a system that cannot flush a directory says (PostgreSQL's fsync_fname ignores these). */
const DIRECTORY_NOT_FLUSHABLE = new Set(["EISDIR", "EPERM", "EACCES", "EBADF", "EINVAL"]);

/**
 * Flushes the file at `path` to the disk, or the directory (the names in it) where the system
 * can: Linux and macOS can, Windows cannot open one.
 */
export function flushToDisk(path: string, { directory = false } = {}): void {
  try {
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (!directory || !DIRECTORY_NOT_FLUSHABLE.has(code)) throw error;
  }
}

/** Flushes `dir`, and every file and directory under it, to the disk (symbolic links skipped). */
export function flushTreeToDisk(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) flushToDisk(path);
    else if (entry.isDirectory()) flushToDisk(path, { directory: true });
  }
  flushToDisk(dir, { directory: true });
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
    // On the disk before anything is encrypted or signed with it.
    flushToDisk(whole);
    linkSync(whole, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(whole, { force: true });
  }
  // Its name, and the temporary one gone.
  flushToDisk(dirname(path), { directory: true });
  return readFileSync(path, "utf8");
}
