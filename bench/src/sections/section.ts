// A part of the bench: what it needs from the run, whether it can run on this machine, and what
// it hands back (report.ts).
import type { SectionKey } from "../options.js";
import type { SectionResult } from "../report.js";

export interface BenchContext {
  /** Interleaved rounds per figure. */
  rounds: number;
  /** Seconds of load per API round. */
  duration: number;
  /** A directory for what a section keeps beside the figures (Lighthouse's own reports). */
  outDir: string;
  /** Progress, on stderr (stdout carries only the report). */
  log: (message: string) => void;
  /** A second Node binary to hold this one against (--compare-node), or null. */
  compareNode: string | null;
}

export interface Section {
  key: SectionKey;
  title: string;
  /** Why it cannot run here (a missing browser or database server, an option not given), or null. */
  unavailable(context: BenchContext): string | null;
  run(context: BenchContext): Promise<SectionResult>;
}

/** kB as the tables quote them (1,000 bytes). */
export const kB = (bytes: number) => bytes / 1000;
