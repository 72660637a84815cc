import { describe, expect, it } from "vitest";
import { replaceReport, START_MARKER, END_MARKER } from "../src/benchmarks-doc.js";
import {
  formatNumber,
  markdownTable,
  renderMarkdown,
  toJson,
  type BenchRun,
} from "../src/report.js";

const run: BenchRun = {
  startedAt: "2026-11-21T05:00:00.000Z",
  finishedAt: "2026-11-21T05:05:00.000Z",
  command: "pnpm bench",
  machine: { cpu: "Test CPU x 2", node: "v20.20.2" },
  sections: [
    {
      key: "api",
      title: "API",
      howToRead: "requests per second.",
      columns: ["Request", "req/s"],
      rows: [["GET /tasks/", 1234.4]],
      notes: ["A note | with a pipe."],
      goals: [{ what: "GET ratio", target: ">= 0.5x", actual: "0.02x", met: false }],
      data: { rps: 1234.4 },
    },
  ],
  skipped: [{ key: "scale", title: "Scale", why: "no Chromium" }],
};

describe("the markdown report", () => {
  it("formats numbers for reading: whole above 100, a few decimals below", () => {
    expect(formatNumber(1234.4)).toBe("1,234");
    expect(formatNumber(0.0234)).toBe("0.02");
    expect(formatNumber(Number.NaN)).toBe("n/a");
  });

  it("escapes pipes inside cells", () => {
    expect(markdownTable(["a"], [["x | y"]])).toBe("| a |\n|---|\n| x \\| y |");
  });

  it("has the machine, each section's table and reading line, the goals and what was skipped", () => {
    const markdown = renderMarkdown(run);
    expect(markdown).toContain("Machine: cpu: Test CPU x 2; node: v20.20.2.");
    expect(markdown).toContain("| GET /tasks/ | 1,234 |");
    expect(markdown).toContain("How to read it: requests per second.");
    expect(markdown).toContain("| GET ratio | >= 0.5x | 0.02x | **no** |");
    expect(markdown).toContain("- Scale: no Chromium");
  });

  it("writes the same run as JSON, goals gathered at the top with their section", () => {
    const json = JSON.parse(toJson(run)) as { goals: unknown[]; sections: { data: unknown }[] };
    expect(json.goals).toEqual([{ section: "api", ...run.sections[0]?.goals[0] }]);
    expect(json.sections[0]?.data).toEqual({ rps: 1234.4 });
  });
});

describe("BENCHMARKS.md", () => {
  const doc = `# Benchmarks\n\nBy hand.\n\n${START_MARKER}\n\nold table\n\n${END_MARKER}\n\nAlso by hand.\n`;

  it("gets the new report between its markers, and keeps the rest", () => {
    const updated = replaceReport(doc, "new table\n");
    expect(updated).toContain("By hand.");
    expect(updated).toContain("Also by hand.");
    expect(updated).toContain(`${START_MARKER}\n\nnew table\n\n${END_MARKER}`);
    expect(updated).not.toContain("old table");
  });

  it("refuses a document without the markers", () => {
    expect(() => replaceReport("# Benchmarks\n", "x")).toThrow("needs the markers");
  });
});
