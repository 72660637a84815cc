// Section 5: start-up. apps/api's own measurement (scripts/measure-startup.ts): spawn of the built
// server until GET /health answers, on a new data directory (PGlite's initdb, migrations, a new
// signing key) and again on the same directory, interleaved.
import { join } from "node:path";
import type { Goal } from "../report.js";
import { median } from "../stats.js";
import { outputOf } from "../support/child.js";
import { apiRoot } from "../support/paths.js";
import type { Section } from "./section.js";

/** Issue 15's goals, on the busy machine the bench runs on (it measured 9.0 s and 2.6 s). */
const GOAL_MS = { cold: 8_000, warm: 1_500 };

export const startupSection: Section = {
  key: "startup",
  title: "Start-up: the API until /health answers (PGlite)",
  unavailable: () => null,
  async run(context) {
    context.log(`start-up: ${context.rounds} cold and warm starts`);
    const { cold, warm } = JSON.parse(
      await outputOf(
        process.execPath,
        [
          "--import",
          "tsx",
          join("scripts", "measure-startup.ts"),
          String(context.rounds),
          "--json",
        ],
        { cwd: apiRoot },
      ),
    ) as { cold: number[]; warm: number[] };
    const runs = (values: number[]) => values.map((v) => Math.round(v)).join(", ");
    const goals: Goal[] = (["cold", "warm"] as const).map((start) => {
      const actual = Math.round(median(start === "cold" ? cold : warm));
      return {
        what: `Start-up on PGlite, ${start}`,
        target: `<= ${GOAL_MS[start].toLocaleString("en-US")} ms`,
        actual: `${actual.toLocaleString("en-US")} ms`,
        met: actual <= GOAL_MS[start],
      };
    });
    return {
      key: "startup",
      title: this.title,
      howToRead:
        "milliseconds from spawning the built server as `pnpm start` does until GET /health " +
        "answers 200; the median of the runs, each cold start followed by a warm one on its " +
        "directory.",
      columns: ["Start", "Median ms", "Runs (ms)"],
      rows: [
        ["cold: a new data directory", Math.round(median(cold)), runs(cold)],
        ["warm: the same directory again", Math.round(median(warm)), runs(warm)],
      ],
      notes: [],
      goals,
      data: { coldMs: cold, warmMs: warm },
    };
  },
};
