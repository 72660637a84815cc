// Closed loops (support/closed-loops.ts) driven by wrk, a load client in C, for the figures held
// against pgbench (issue 18): on two cores the load's client shares the machine with the API and
// the database, and undici's took 60-75 µs of CPU per request, about 40% of what pgbench's client
// and PostgreSQL spend on a whole transaction, counted against the API alone. wrk is the twin of
// pgbench's client: one thread per connection, so that each person is a connection of their
// own, each sending their next request when the last was answered.
//
// Each person's requests are made by the same NextRequest as the undici loops': the first CYCLE
// of them, written out as raw HTTP and sent in turn (again from the first after the last).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ClosedLoopFigures, LoopRequest, NextRequest } from "./closed-loops.js";

const run = promisify(execFile);

/** How many of each person's requests are written out before they repeat. */
const CYCLE = 256;

/** The request as it goes on the wire; POST and PATCH without a body say Content-Length: 0, as fetch does. */
export function rawRequest(host: string, request: LoopRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const body = request.body ?? "";
  const sendsLength = body !== "" || request.method === "POST" || request.method === "PATCH";
  return (
    `${request.method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\n${headers.join("")}` +
    (sendsLength ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : "") +
    `\r\n${body}`
  );
}

/**
 * wrk's script: setup() gives each thread (one connection) its person's file, init() reads its
 * requests (separated by NUL bytes), request() sends them in turn, done() prints the figures as
 * JSON (latencies in µs).
 */
const SCRIPT = `
local started = 0
function setup(thread)
  started = started + 1
  thread:set("file", files[started])
end
function init()
  local f = assert(io.open(file, "rb"))
  local all = f:read("*a")
  f:close()
  requests = {}
  for r in string.gmatch(all, "[^%z]+") do requests[#requests + 1] = r end
  sent = 0
end
function request()
  sent = sent % #requests + 1
  return requests[sent]
end
function done(summary, latency)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

interface WrkSummary {
  requests: number;
  us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p95: number;
  p99: number;
}

/** wrk's JSON line, or an error naming what failed: any answer of 400 or more, a lost connection. */
export function parseWrk(output: string): ClosedLoopFigures {
  const line = output.split("\n").find((l) => l.startsWith('{"requests"'));
  if (line === undefined) throw new Error(`wrk printed no figures:\n${output.slice(-2000)}`);
  const s = JSON.parse(line) as WrkSummary;
  const failed = {
    connect: s.connect,
    read: s.read,
    write: s.write,
    status: s.status,
    timeout: s.timeout,
  };
  if (Object.values(failed).some((count) => count > 0)) {
    throw new Error(
      `wrk: requests failed ${JSON.stringify(failed)} (status: answers of 400 or more)`,
    );
  }
  const ms = (us: number) => Math.round(us / 1000);
  return { rps: s.requests / (s.us / 1e6), p50Ms: ms(s.p50), p95Ms: ms(s.p95), p99Ms: ms(s.p99) };
}

/** Whether `wrk` runs here (Debian's package of it). */
export function wrkInstalled(): boolean {
  return spawnSync("wrk", ["--version"]).error === undefined;
}

/** Runs every loop for whole `seconds` with wrk (Debian's `wrk`, on PATH). */
export async function runWrkLoops(
  baseUrl: string,
  loops: readonly NextRequest[],
  seconds: number,
): Promise<ClosedLoopFigures> {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-wrk-"));
  try {
    const host = new URL(baseUrl).host;
    const files = loops.map((next, i) => {
      const file = join(dir, `person-${i}.http`);
      const requests = Array.from({ length: CYCLE }, (_, n) => rawRequest(host, next(n)));
      writeFileSync(file, requests.join("\0"));
      return file;
    });
    const script = join(dir, "loops.lua");
    // The paths are mkdtemp's, plain ASCII: JSON's quoting is Lua's.
    writeFileSync(
      script,
      `local files = {${files.map((f) => JSON.stringify(f)).join(", ")}}\n${SCRIPT}`,
    );
    const threads = String(loops.length);
    const { stdout } = await run("wrk", [
      `--threads=${threads}`,
      `--connections=${threads}`,
      `--duration=${Math.round(seconds)}s`,
      "--timeout=10s",
      `--script=${script}`,
      baseUrl,
    ]);
    return parseWrk(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
