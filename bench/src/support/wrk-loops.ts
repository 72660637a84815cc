// Closed loops (support/closed-loops.ts) driven by wrk, a load client in C, for the figures held
// against pgbench (issue 18): on two cores the load's client shares the machine with the API and
// the database, and undici's took 60-75 µs of CPU per request, about 40% of what pgbench's client
// and PostgreSQL spend on a whole transaction, counted against the API alone. wrk runs on one
// thread for all the connections (pgbench, held against it, runs its clients on two: --jobs=2).
// Fifty threads, one per person (sessions 9-16), spent 80-100 µs of the machine's CPU per request
// against 50-80 for one, and their wake-ups took turns on the two cores with the API's thread.
//
// Each person is still a closed loop of their own: one request in flight at a time, the next sent
// when the last was answered. With one thread, wrk's script cannot tell which connection asks for
// a request, so the person is told by their answer instead (`answeredBy`: a number in its body,
// such as a task's owner_id): a person whose answer came is queued, and each connection free to
// send takes the person at the head of the queue. A connection may so carry different people's
// requests over time, as a proxy's pooled connections would.
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
export const CYCLE = 256;

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
 * wrk's script (one thread): init() reads each person's requests (separated by NUL bytes) and
 * queues every person; request() sends the next request of the person at the head of the queue;
 * response() queues again the person its answer names (`pattern`'s capture, looked up in
 * `people`); done() prints the figures as JSON (latencies in µs).
 */
const SCRIPT = `
function init()
  requests, sent, queue, head, tail = {}, {}, {}, 1, 0
  for p, file in ipairs(files) do
    local f = assert(io.open(file, "rb"))
    local all = f:read("*a")
    f:close()
    requests[p] = {}
    for r in string.gmatch(all, "[^%z]+") do requests[p][#requests[p] + 1] = r end
    sent[p] = 0
    tail = tail + 1
    queue[tail] = p
  end
end
function request()
  -- wrk asks once before it connects, to count the requests one call returns: a person's first
  -- request is shown, and nobody is taken from the queue.
  if not counted then
    counted = true
    return requests[queue[head]][1]
  end
  if head > tail then error("no person is waiting to send") end
  local p = queue[head]
  queue[head] = nil
  head = head + 1
  sent[p] = sent[p] % #requests[p] + 1
  return requests[p][sent[p]]
end
function response(status, headers, body)
  local p = people[string.match(body, pattern) or ""]
  if p == nil then error("an answer that names no person: " .. status .. " " .. body) end
  tail = tail + 1
  queue[tail] = p
end
function done(summary, latency)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** How a person is told by their answer: `pattern` (a Lua pattern) captures their key in `keys`. */
export interface AnsweredBy {
  pattern: string;
  /** Each loop's key, in the order of the loops. */
  keys: readonly string[];
}

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

/** Runs every loop for whole `seconds` with wrk (Debian's `wrk`, on PATH), on one thread. */
export async function runWrkLoops(
  baseUrl: string,
  loops: readonly NextRequest[],
  answeredBy: AnsweredBy,
  seconds: number,
): Promise<ClosedLoopFigures> {
  if (answeredBy.keys.length !== loops.length) throw new Error("one key for each loop");
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
    // The paths are mkdtemp's and the keys and pattern ASCII: JSON's quoting is Lua's.
    const people = answeredBy.keys.map((key, i) => `[${JSON.stringify(key)}] = ${i + 1}`);
    writeFileSync(
      script,
      `local files = {${files.map((f) => JSON.stringify(f)).join(", ")}}\n` +
        `local people = {${people.join(", ")}}\n` +
        `local pattern = ${JSON.stringify(answeredBy.pattern)}\n${SCRIPT}`,
    );
    const { stdout } = await run("wrk", [
      "--threads=1",
      `--connections=${loops.length}`,
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
