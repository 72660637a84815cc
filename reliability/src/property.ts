// fast-check's assert, with a failure message a person can read: the seed and path to replay,
// the failing request cut to a readable length, and what was wrong with the answer.
import fc from "fast-check";

export interface PropertyOptions {
  seed: number;
  numRuns: number;
}

export async function assertProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: PropertyOptions,
): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    ...options,
    endOnFailure: true,
  });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "";
  throw new Error(
    `Property failed after ${details.numRuns} runs (replay: RELIABILITY_SEED, or fc seed ${details.seed} path "${details.counterexamplePath ?? ""}")\n${cause.slice(0, 3000)}`,
  );
}
