import { describe, expect, it } from "vitest";
import { interleave, median, medianOfRounds, worseBeyondNoise } from "../src/stats.js";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("medianOfRounds", () => {
  it("takes each figure's median on its own", () => {
    expect(
      medianOfRounds([
        { rps: 100, p99Ms: 9 },
        { rps: 300, p99Ms: 1 },
        { rps: 200, p99Ms: 5 },
      ]),
    ).toEqual({ rps: 200, p99Ms: 5 });
  });
  it("refuses no rounds at all", () => {
    expect(() => medianOfRounds([])).toThrow("no rounds");
  });
});

describe("interleave", () => {
  it("runs every subject once a round, starting each round one subject later", async () => {
    const order: string[] = [];
    await interleave(["a", "b", "c"], 3, (subject, round) => {
      order.push(`${round}${subject}`);
      return Promise.resolve();
    });
    expect(order).toEqual(["0a", "0b", "0c", "1b", "1c", "1a", "2c", "2a", "2b"]);
  });
});

describe("worseBeyondNoise", () => {
  const noise = { ratio: 0.05, absolute: 1 };

  it("calls a figure worse only past both the relative and the absolute noise", () => {
    // Throughput: 4% fewer requests is noise, 10% fewer is worse, more is never worse.
    expect(worseBeyondNoise({ ours: 960, theirs: 1000, higherIsBetter: true, noise })).toBe(false);
    expect(worseBeyondNoise({ ours: 900, theirs: 1000, higherIsBetter: true, noise })).toBe(true);
    expect(worseBeyondNoise({ ours: 2000, theirs: 1000, higherIsBetter: true, noise })).toBe(false);
    // Latency: 5 ms against 4 ms is 25% but within the 1 ms a p99 moves by; 7 against 4 is worse.
    expect(worseBeyondNoise({ ours: 5, theirs: 4, higherIsBetter: false, noise })).toBe(false);
    expect(worseBeyondNoise({ ours: 7, theirs: 4, higherIsBetter: false, noise })).toBe(true);
    expect(worseBeyondNoise({ ours: 3, theirs: 4, higherIsBetter: false, noise })).toBe(false);
  });
});
