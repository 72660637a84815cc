// The writes section's client (support/wrk-loops.ts) run for real against a server on loopback:
// one wrk thread for every connection, and still each person a closed loop of their own.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { NextRequest } from "../src/support/closed-loops.js";
import { CYCLE, runWrkLoops, wrkInstalled } from "../src/support/wrk-loops.js";

const PEOPLE = 8;

/** What the server saw of each person: how many of their requests it held at most, and their n's. */
interface Seen {
  mostAtOnce: number[];
  sequences: number[][];
}

let server: Server | null = null;

afterEach(async () => {
  const open = server;
  server = null;
  if (open !== null) await new Promise((resolve) => open.close(resolve));
  open?.closeAllConnections();
});

/**
 * A server that answers `/people/<p>/<n>` with `{"owner_id":<id of p>}` on a later turn of its
 * loop (so that requests overlap), or with `answer` when given.
 */
async function listen(answer?: string): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = {
    mostAtOnce: Array.from({ length: PEOPLE }, () => 0),
    sequences: Array.from({ length: PEOPLE }, () => []),
  };
  const atOnce = Array.from({ length: PEOPLE }, () => 0);
  server = createServer((request, response) => {
    const [, , person, n] = (request.url ?? "").split("/").map(Number);
    if (person === undefined || n === undefined) throw new Error(`unexpected ${request.url}`);
    atOnce[person] = (atOnce[person] ?? 0) + 1;
    seen.mostAtOnce[person] = Math.max(seen.mostAtOnce[person] ?? 0, atOnce[person] ?? 0);
    seen.sequences[person]?.push(n);
    request.resume();
    setImmediate(() => {
      atOnce[person] = (atOnce[person] ?? 0) - 1;
      response.setHeader("Content-Type", "application/json");
      response.end(answer ?? JSON.stringify({ id: n, owner_id: 1000 + person }));
    });
  });
  const open = server;
  await new Promise<void>((resolve) => open.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(open.address() as AddressInfo).port}`, seen };
}

const loops: NextRequest[] = Array.from({ length: PEOPLE }, (_, person) => (n: number) => ({
  method: "PATCH",
  path: `/people/${person}/${n}`,
  headers: {},
}));
const answeredBy = {
  pattern: '"owner_id":(%d+)',
  keys: loops.map((_, person) => String(1000 + person)),
};

describe.runIf(wrkInstalled())("the writes section's client, wrk on one thread", () => {
  it("keeps each person to one request in flight, sent in their own order", async () => {
    const { url, seen } = await listen();
    const figures = await runWrkLoops(url, loops, answeredBy, 1);

    expect(figures.rps).toBeGreaterThan(0);
    expect(seen.mostAtOnce).toEqual(Array.from({ length: PEOPLE }, () => 1));
    for (const sequence of seen.sequences) {
      // Every person was served, their requests in the order their loop made them (from the
      // first again after the last of the cycle).
      expect(sequence.length).toBeGreaterThan(10);
      expect(sequence.every((n, i) => n === i % CYCLE)).toBe(true);
    }
  });

  it("fails the run when an answer names no person, instead of losing them", async () => {
    const { url } = await listen('{"owner_id":999}');
    await expect(runWrkLoops(url, loops, answeredBy, 1)).rejects.toThrow(/names no person/);
  });
});

describe("wrk, the writes section's client", () => {
  it("is installed, as CI installs it (apt-get install wrk)", () => {
    expect(wrkInstalled()).toBe(true);
  });
});
