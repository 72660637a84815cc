// Vitest global set-up. One seed for the whole run: every test file (each in its own worker) reads RELIABILITY_SEED, so
// a run is replayed by setting the seed it printed.
export default function setup(): void {
  if (process.env.RELIABILITY_SEED === undefined || process.env.RELIABILITY_SEED.trim() === "") {
    process.env.RELIABILITY_SEED = String(Math.floor(Math.random() * 2 ** 31));
  }
  console.log(
    `[reliability] seed=${process.env.RELIABILITY_SEED} (replay: RELIABILITY_SEED=${process.env.RELIABILITY_SEED})`,
  );
}
