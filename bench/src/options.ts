// `pnpm bench [-- --section api --section scale --rounds 3 --duration 5 --update-doc
//   --compare-node /usr/bin/node]`.
import { parseArgs } from "node:util";

export const SECTION_KEYS = [
  "bytes",
  "startup",
  "api",
  "writes",
  "lighthouse",
  "scale",
  "calendar",
  "reminders",
  "reading",
  "export",
  "household",
  "runtimes",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export interface BenchOptions {
  sections: SectionKey[];
  /** Interleaved rounds per figure; medians are quoted. */
  rounds: number;
  /** Seconds of load per autocannon round. */
  duration: number;
  /** Where the JSON goes. */
  out: string;
  /** Rewrite the figures in BENCHMARKS.md. */
  updateDoc: boolean;
  /** A second Node binary for the runtimes section to hold this one against, or null. */
  compareNode: string | null;
}

export const USAGE = `pnpm bench [-- options]
  --section NAME   one of ${SECTION_KEYS.join(", ")} (repeat it; default: all)
  --rounds N       interleaved rounds per figure, medians quoted (default 3)
  --duration S     seconds of load per API round (default 5)
  --out FILE       where the JSON goes (default bench/results/latest.json)
  --update-doc     also write the tables into BENCHMARKS.md
  --compare-node P another Node binary (e.g. Node 20's): the runtimes section measures the API
                   on it and on this one side by side (without it, that section is skipped)`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function isSectionKey(value: string): value is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value);
}

export function parseOptions(args: readonly string[], defaultOut: string): BenchOptions {
  const { values } = parseArgs({
    args: args.filter((arg) => arg !== "--"),
    options: {
      section: { type: "string", multiple: true },
      rounds: { type: "string" },
      duration: { type: "string" },
      out: { type: "string" },
      "update-doc": { type: "boolean", default: false },
      "compare-node": { type: "string" },
    },
    strict: true,
  });
  const sections = values.section ?? [...SECTION_KEYS];
  for (const section of sections) {
    if (!isSectionKey(section)) {
      throw new Error(`unknown --section ${section}: choose from ${SECTION_KEYS.join(", ")}`);
    }
  }
  return {
    sections: SECTION_KEYS.filter((key) => sections.includes(key)),
    rounds: positive("rounds", values.rounds, 3),
    duration: positive("duration", values.duration, 5),
    out: values.out ?? defaultOut,
    updateDoc: values["update-doc"],
    compareNode: values["compare-node"] ?? null,
  };
}
