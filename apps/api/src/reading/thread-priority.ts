// A reading thread gives way to the API's event loop. OCR keeps a core busy for a second or so a
// photo, and on a 2-core server the event loop, the database and the reading share the cores: at
// the same priority, GET /tasks/ asked by one client as fast as answered had a p99 2.8 times
// idle's while four photos were being read; with the reading threads at nice 10, 1.6 times, and as
// many photos read (PGlite, medians of 6 rounds taking turns: issue 21's bench, BENCHMARKS.md).
// Not the lowest (19): at nice 10 a thread still gets about a tenth of a core that other work
// fills, so that a file is read within its time limit on a busy machine.
import { access, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/** The reading threads' nice value (0 is the API's; 19 the lowest). */
export const READING_NICE = 10;

/** The calling thread's id on Linux, where /proc/thread-self is "<pid>/task/<tid>"; else null. */
function linuxThreadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    return Number.isSafeInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to READING_NICE, and with it that of the threads it starts
 * afterwards (the OCR engine's): false where it cannot. Linux only: there each thread has a nice
 * value of its own, set through its id; elsewhere os.setPriority would lower the whole process.
 */
export function lowerThisThreadsPriority(): boolean {
  const tid = linuxThreadId();
  if (tid === null) return false;
  try {
    setPriority(tid, READING_NICE);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts libuv's thread pool from the calling thread, if nothing has yet. The pool serves the whole
 * process (the API's gzip, crypto and file work too); libuv starts all its threads on first use,
 * from whichever thread uses it first, and a new thread takes its creator's priority. So the API's
 * thread calls this before it starts a reading thread, and the pool keeps the API's priority.
 */
export function startThreadPoolHere(): void {
  // Any work for the pool starts it at once; this one asks nothing of consequence.
  access(".", () => undefined);
}
