// Every environment variable the suites read, in one place.

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function seedFromEnv(): number {
  // test/global-setup.ts draws one when none is given: a new seed each run explores new
  // inputs, and the printed seed replays a run exactly.
  const raw = process.env.RELIABILITY_SEED;
  const seed = Number(raw);
  if (raw === undefined || raw.trim() === "" || !Number.isSafeInteger(seed)) {
    throw new Error(`RELIABILITY_SEED must be a whole number, got ${JSON.stringify(raw)}`);
  }
  return seed;
}

/** A generated suite's name with the run's seed, so that a failure's one line replays it. */
export function seeded(name: string): string {
  return `${name} (seed ${settings.seed})`;
}

export const settings = {
  /**
   * fast-check's seed for every generated suite: RELIABILITY_SEED replays a run. Read when asked
   * for, so that the helpers other workspaces import (the bench's) need no seed.
   */
  get seed(): number {
    return seedFromEnv();
  },
  /** Suite 1: how many generated requests a run sends (issue 8: at least 5,000). */
  badRequests: positiveInteger("RELIABILITY_REQUESTS", 5_000),
  /** Suite 7: kill-and-restart cycles per engine (issue 8: 20). */
  crashCycles: positiveInteger("RELIABILITY_CRASH_CYCLES", 20),
  /** Suite 14: SIGKILLs of the process sending reminder emails, per engine (issue 20: 20). */
  reminderKills: positiveInteger("RELIABILITY_REMINDER_KILLS", 20),
  /** Suite 15: malformed and hostile files sent through the API (issue 21: 1,000). */
  hostileFiles: positiveInteger("RELIABILITY_FILES", 1_000),
  /** A PostgreSQL server the in-process suites also run against (scripts/with-postgres.sh). */
  testDatabaseUrl: process.env.TEST_DATABASE_URL ?? null,
  /** PostgreSQL's server binaries, for the suites that run a private cluster of their own. */
  postgresBin: process.env.PG_BIN ?? null,
};
