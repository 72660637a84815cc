// What a bench run produces: per section a table (and notes), the goals it was judged against, and
// the raw figures; rendered once as markdown for a reader and once as JSON for a script.

export type Cell = string | number;

export interface Goal {
  /** What is judged, e.g. "GET /tasks/ on PostgreSQL vs baseline". */
  what: string;
  /** The goal as written in issue 7, e.g. ">= 0.5x". */
  target: string;
  /** The figure it was judged on, formatted. */
  actual: string;
  met: boolean;
}

export interface SectionResult {
  /** A stable key for the JSON ("bytes", "api", ...). */
  key: string;
  title: string;
  /** How to read the table's figures, one line. */
  howToRead: string;
  columns: string[];
  rows: Cell[][];
  notes: string[];
  goals: Goal[];
  /** The unformatted figures, for scripts. */
  data: unknown;
}

export interface Skipped {
  key: string;
  title: string;
  why: string;
}

export interface BenchRun {
  startedAt: string;
  finishedAt: string;
  command: string;
  machine: Record<string, string>;
  sections: SectionResult[];
  skipped: Skipped[];
}

/** A number as the tables show it: whole above 100, else up to `digits` decimals. */
export function formatNumber(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return "n/a";
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
  return Number(value.toFixed(digits)).toString();
}

function escapeCell(cell: Cell): string {
  const text = typeof cell === "number" ? formatNumber(cell) : cell;
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

export function markdownTable(columns: readonly string[], rows: readonly Cell[][]): string {
  const line = (cells: readonly Cell[]) => `| ${cells.map(escapeCell).join(" | ")} |`;
  const rule = `|${columns.map(() => "---").join("|")}|`;
  return [line(columns), rule, ...rows.map(line)].join("\n");
}

export function renderMarkdown(run: BenchRun): string {
  const parts: string[] = [];
  const machine = Object.entries(run.machine).map(([key, value]) => `${key}: ${value}`);
  parts.push(`Ran ${run.startedAt} to ${run.finishedAt} with \`${run.command}\`.`);
  parts.push(`Machine: ${machine.join("; ")}.`);
  for (const section of run.sections) {
    parts.push(`### ${section.title}`);
    parts.push(markdownTable(section.columns, section.rows));
    parts.push(`How to read it: ${section.howToRead}`);
    if (section.notes.length > 0) parts.push(section.notes.map((note) => `- ${note}`).join("\n"));
  }
  const goals = run.sections.flatMap((section) => section.goals);
  if (goals.length > 0) {
    parts.push("### Goals");
    parts.push(
      markdownTable(
        ["Goal", "Target", "Measured", "Met"],
        goals.map((goal) => [goal.what, goal.target, goal.actual, goal.met ? "yes" : "**no**"]),
      ),
    );
  }
  if (run.skipped.length > 0) {
    parts.push("### Not measured in this run");
    parts.push(run.skipped.map((skip) => `- ${skip.title}: ${skip.why}`).join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

/** The JSON a script compares runs with: everything, with goals collected at the top. */
export function toJson(run: BenchRun): string {
  const goals = run.sections.flatMap((section) =>
    section.goals.map((goal) => ({ section: section.key, ...goal })),
  );
  return `${JSON.stringify({ ...run, goals }, null, 2)}\n`;
}
