// BENCHMARKS.md keeps the latest report between two markers; the text around them (how to run
// the bench, how to read it) is written by hand and left alone.
import { readFileSync, writeFileSync } from "node:fs";

export const START_MARKER = "<!-- bench:start (written by `pnpm bench -- --update-doc`) -->";
export const END_MARKER = "<!-- bench:end -->";

export function replaceReport(doc: string, report: string): string {
  const start = doc.indexOf(START_MARKER);
  const end = doc.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`BENCHMARKS.md needs the markers ${START_MARKER} and ${END_MARKER}`);
  }
  return `${doc.slice(0, start + START_MARKER.length)}\n\n${report.trim()}\n\n${doc.slice(end)}`;
}

export function updateBenchmarksDoc(path: string, report: string): void {
  writeFileSync(path, replaceReport(readFileSync(path, "utf8"), report));
}
