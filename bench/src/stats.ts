// The arithmetic of a noisy machine: medians of interleaved rounds, and ratios to a baseline
// measured in the same run.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Each named figure's median over rounds: `[{ rps: 1 }, { rps: 3 }, { rps: 2 }]` -> `{ rps: 2 }`. */
export function medianOfRounds<K extends string>(
  rounds: readonly Readonly<Record<K, number>>[],
): Record<K, number> {
  const first = rounds[0];
  if (first === undefined) throw new Error("no rounds to take a median of");
  const keys = Object.keys(first) as K[];
  return Object.fromEntries(keys.map((key) => [key, median(rounds.map((r) => r[key]))])) as Record<
    K,
    number
  >;
}

/**
 * Runs every subject once per round, in a different order each round (rotated), so that a slow
 * spell of a shared machine lands on a different subject each time.
 */
export async function interleave<S>(
  subjects: readonly S[],
  rounds: number,
  run: (subject: S, round: number) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < subjects.length; i += 1) {
      const subject = subjects[(i + round) % subjects.length];
      if (subject !== undefined) await run(subject, round);
    }
  }
}

export interface Comparison {
  /** This run's figure (e.g. Node 24's) and the one it is held against (Node 20's). */
  ours: number;
  theirs: number;
  /** req/s: true; milliseconds and bytes: false. */
  higherIsBetter: boolean;
  /** What a figure moves by between runs of the same code: a change within it is not "worse". */
  noise: { ratio: number; absolute: number };
}

/** True when `ours` is worse than `theirs` by more than both the relative and absolute noise. */
export function worseBeyondNoise({ ours, theirs, higherIsBetter, noise }: Comparison): boolean {
  const loss = higherIsBetter ? theirs - ours : ours - theirs;
  return loss > noise.absolute && loss > Math.abs(theirs) * noise.ratio;
}
