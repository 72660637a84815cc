import { describe, expect, it } from "vitest";
import { interleave, median, medianOfRounds } from "../src/stats.js";

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
