// `pnpm bench`: runs the sections asked for (all by default), prints one markdown report on
// stdout, writes the same figures as JSON (bench/results/latest.json), and with --update-doc
// puts the report into BENCHMARKS.md. Progress goes to stderr.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { updateBenchmarksDoc } from "./benchmarks-doc.js";
import { describeMachine } from "./machine.js";
import { parseOptions, USAGE, type SectionKey } from "./options.js";
import { renderMarkdown, toJson, type BenchRun } from "./report.js";
import { apiSection } from "./sections/api.js";
import { bytesSection } from "./sections/bytes.js";
import { calendarSection } from "./sections/calendar.js";
import { exportSection } from "./sections/export.js";
import { householdSection } from "./sections/household.js";
import { lighthouseSection } from "./sections/lighthouse.js";
import { readingSection } from "./sections/reading.js";
import { remindersSection } from "./sections/reminders.js";
import { scaleSection } from "./sections/scale.js";
import { runtimesSection } from "./sections/runtimes.js";
import type { BenchContext, Section } from "./sections/section.js";
import { startupSection } from "./sections/startup.js";
import { writesSection } from "./sections/writes.js";
import { benchmarksDoc, defaultJsonPath } from "./support/paths.js";

const SECTIONS: Record<SectionKey, Section> = {
  bytes: bytesSection,
  startup: startupSection,
  api: apiSection,
  writes: writesSection,
  lighthouse: lighthouseSection,
  scale: scaleSection,
  calendar: calendarSection,
  reminders: remindersSection,
  reading: readingSection,
  export: exportSection,
  household: householdSection,
  runtimes: runtimesSection,
};

const log = (message: string) => {
  process.stderr.write(`[bench] ${message}\n`);
};

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), defaultJsonPath);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const run: BenchRun = {
    startedAt: new Date().toISOString(),
    finishedAt: "",
    command: ["pnpm bench", ...process.argv.slice(2).filter((arg) => arg !== "--")]
      .join(" ")
      .replace("pnpm bench -", "pnpm bench -- -"),
    machine: describeMachine(),
    sections: [],
    skipped: [],
  };
  const context: BenchContext = {
    rounds: options.rounds,
    duration: options.duration,
    outDir: dirname(options.out),
    log,
    compareNode: options.compareNode,
  };
  for (const key of options.sections) {
    const section = SECTIONS[key];
    const why = section.unavailable(context);
    if (why !== null) {
      log(`${section.title}: not measured: ${why}`);
      run.skipped.push({ key, title: section.title, why });
      continue;
    }
    const started = performance.now();
    log(`${section.title}...`);
    run.sections.push(await section.run(context));
    log(`${section.title}: ${Math.round((performance.now() - started) / 1000)} s`);
  }
  run.finishedAt = new Date().toISOString();

  const markdown = renderMarkdown(run);
  process.stdout.write(markdown);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, toJson(run));
  log(`figures written to ${options.out}`);
  if (options.updateDoc) {
    updateBenchmarksDoc(benchmarksDoc, markdown);
    log(`${benchmarksDoc} updated`);
  }
  if (run.sections.some((section) => section.goals.some((goal) => !goal.met))) {
    log("some goals were missed: see the Goals table");
  }
}

await main();
