// A process's resident memory over time, from /proc (Linux): sampled every few milliseconds, and
// its high-water mark (VmHWM, the kernel's own peak: nothing between two samples is missed).
import { readFileSync, writeFileSync } from "node:fs";

const MIB = 1024 * 1024;

function statusField(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null; // the process has ended
  }
}

/** The process's peak resident memory since it started or since the last reset, in bytes. */
export function peakRssOf(pid: number): number | null {
  return statusField(pid, "VmHWM");
}

export interface RssSamples {
  /** RSS in MiB at each sample, oldest first. */
  readonly mib: number[];
  /** The kernel's peak RSS of the process so far, in MiB. */
  peakMib(): number;
  stop(): void;
}

/**
 * Samples from now on; the high-water mark is reset first (proc(5), clear_refs "5"), so that it
 * is this period's peak and not the process's start (PGlite's start-up and migrations take
 * hundreds of MB that they give back).
 */
export function sampleRss(pid: number, everyMs = 50): RssSamples {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const mib: number[] = [];
  const sample = () => {
    const rss = statusField(pid, "VmRSS");
    if (rss !== null) mib.push(rss / MIB);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    mib,
    peakMib: () => (statusField(pid, "VmHWM") ?? 0) / MIB,
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}
