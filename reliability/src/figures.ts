// Each suite prints its figures in one recognisable line, so that a reader of a test log (or of
// CI's) can quote them: `[reliability] suite 1 bad requests | requests=5012 seed=42 ...`.

export type Figures = Record<string, string | number | boolean | Record<string, number>>;

function format(value: Figures[string]): string {
  if (typeof value !== "object") return String(value);
  return JSON.stringify(value);
}

export function printFigures(suite: string, figures: Figures): void {
  const fields = Object.entries(figures).map(([key, value]) => `${key}=${format(value)}`);
  console.log(`[reliability] ${suite} | ${fields.join(" ")}`);
}

/** Counts occurrences by key: `tally.add("201")`, then `tally.counts`. */
export class Tally {
  readonly counts: Record<string, number> = {};
  add(key: string | number, by = 1): void {
    this.counts[key] = (this.counts[key] ?? 0) + by;
  }
  total(): number {
    return Object.values(this.counts).reduce((sum, n) => sum + n, 0);
  }
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
