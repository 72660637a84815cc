import { describe, expect, it } from "vitest";
import { percentile } from "../src/support/closed-loops.js";
import { parsePgbench } from "../src/support/pgbench.js";

describe("the writes section's figures", () => {
  it("reads pgbench's rate without the connection time, and its mean latency", () => {
    const output = [
      "transaction type: /tmp/x/transaction.sql",
      "number of clients: 50",
      "latency average = 5.620 ms",
      "initial connection time = 41.305 ms",
      "tps = 8892.331122 (without initial connection time)",
    ].join("\n");
    expect(parsePgbench(output)).toEqual({ tps: 8892.331122, meanMs: 5.62 });
  });

  it("refuses a pgbench output without figures instead of reporting zero", () => {
    expect(() => parsePgbench("pgbench: error: connection refused")).toThrow(/no figures/);
  });

  it("takes percentiles by nearest rank over the sorted latencies", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
