// PGlite is one process per data directory: a second process opening the same files would
// corrupt them. A lock file created with O_EXCL holds the owner's pid; a lock whose process is
// gone (a crash, a kill -9) is stale and taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export interface DirectoryLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock at `lockPath` for this process, or throws a DataDirLockedError naming the
 * process that holds it. `what` names the directory in the message.
 */
export function acquireDirectoryLock(lockPath: string, what: string): DirectoryLock {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(lockPath)) {
      const release = () => {
        if (readOwner(lockPath) !== process.pid) return;
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return {
        release() {
          process.removeListener("exit", release);
          release();
        },
      };
    }
    const owner = readOwner(lockPath);
    if (owner !== null && isAlive(owner)) {
      const who = owner === process.pid ? "this process" : `process ${owner}`;
      throw new DataDirLockedError(
        `The data directory ${what} is already in use by ${who} (lock file ${lockPath}). ` +
          "PGlite allows one process per data directory: stop the other API process, set " +
          "DATA_DIR to another directory, or set DATABASE_URL to share a PostgreSQL server.",
      );
    }
    // Stale (its process is gone) or unreadable (a crash mid-write): take it over.
    try {
      unlinkSync(lockPath);
    } catch {
      // Someone else removed it first; the next attempt decides.
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath} for ${what}; try again.`);
}
