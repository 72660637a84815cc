import { describe, expect, it } from "vitest";
import { percentile } from "../src/support/closed-loops.js";
import { loggedLatenciesMs, parsePgbench } from "../src/support/pgbench.js";
import { parseWrk, rawRequest } from "../src/support/wrk-loops.js";

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

  it("reads pgbench's per-transaction log into latencies in ms, leaving out failed ones", () => {
    const log = [
      "0 0 12500 0 1796308584 163745",
      "1 0 2000 0 1796308584 170001",
      "0 1 failed 0 1796308584 180000",
      "1 1 48250 0 1796308584 190000",
      "",
    ].join("\n");
    expect(loggedLatenciesMs(log)).toEqual([2, 12.5, 48.25]);
  });

  it("takes percentiles by nearest rank over the sorted latencies", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("writes a person's request as it goes on the wire, its body's length in bytes", () => {
    const wire = rawRequest("127.0.0.1:8000", {
      method: "PATCH",
      path: "/tasks/7",
      headers: { Authorization: "Bearer t" },
      body: '{"title":"Café"}',
    });
    expect(wire).toBe(
      "PATCH /tasks/7 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAuthorization: Bearer t\r\n" +
        'Content-Length: 17\r\n\r\n{"title":"Café"}',
    );
  });

  it("says Content-Length: 0 for a POST without a body, as fetch does", () => {
    const wire = rawRequest("h", { method: "POST", path: "/tasks/7/complete", headers: {} });
    expect(wire).toBe("POST /tasks/7/complete HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n");
  });

  it("reads wrk's rate and percentiles in whole milliseconds", () => {
    const line =
      '{"requests":15000,"us":5000000,"connect":0,"read":0,"write":0,"status":0,"timeout":0,' +
      '"p50":12400,"p95":30600,"p99":41500}';
    expect(parseWrk(`Running 5s test\n${line}\n`)).toEqual({
      rps: 3000,
      p50Ms: 12,
      p95Ms: 31,
      p99Ms: 42,
    });
  });

  it("refuses a wrk run in which an answer was 400 or more, or a request was lost", () => {
    const line =
      '{"requests":10,"us":1000000,"connect":0,"read":0,"write":0,"status":3,"timeout":0,' +
      '"p50":1,"p95":1,"p99":1}';
    expect(() => parseWrk(line)).toThrow(/"status":3/);
    expect(() => parseWrk("unable to connect")).toThrow(/no figures/);
  });
});
