// The reading section's load (issue 21): GET /tasks/ of a person with 100 tasks with nothing being
// read (idle) and while four of their photos are always being read (each read one is followed by
// another upload at once), the two taking turns round by round in the same API process. Asked two
// ways each round: by one client as fast as answered (the API's thread kept busy, as the other
// sections measure it), then at a steady pace (the API idle between requests, as a person's
// screens ask). Beside the latencies, the CPU the API process spent (its event loop, PGlite when it
// is the database, and the reading threads). At the end of each reading round, a one-page PDF is
// sent and timed until it is read, while the photos still are: a document has a lane of its own,
// and is not queued behind them.
import { performance } from "node:perf_hooks";
import { interleave } from "../stats.js";
import {
  runClosedLoops,
  type ClosedLoopFigures,
  type LoopRequest,
} from "../support/closed-loops.js";
import { keepFilesBeingRead } from "../support/files-being-read.js";
import { WARM_UP_SECONDS } from "../support/load.js";
import { runPacedRequests } from "../support/paced-requests.js";
import { cpuSeconds } from "@life-admin/reliability/process-cpu";
import { corpusDocument, timeReading, type CorpusDocument } from "../support/uploads.js";
import { ONE_PAGE_PDF, POLL_MS, TIMEOUT_MS } from "./reading-times.js";
import type { BenchContext } from "./section.js";

/** Files of the person's being read at any moment during a "reading" round. */
export const FILES_AT_ONCE = 4;
/** How often the uploaders ask whether their file is read: the Upload dialog first asks after 0.5 s. */
export const UPLOADER_POLL_MS = 500;
/** The steady pace: a GET /tasks/ every this many ms. */
export const PACE_MS = 10;

/** The corpus's photos of a whole page (1199 x 1644 JPEGs), uploaded in turn. */
export function photos(): CorpusDocument[] {
  return [
    "uk-mot-expiry.jpeg",
    "uk-water-bill-quarterly.jpeg",
    "us-car-insurance-quarterly.jpeg",
    "us-doctor-appointment.jpeg",
    "euro-home-insurance.jpeg",
  ].map(corpusDocument);
}

export type LoadState = "idle" | "reading";

export type TasksRound = ClosedLoopFigures & {
  /** CPU the API process used, in cores (1 = one core busy all the round). */
  apiCores: number;
  /** Files read while GET /tasks/ was measured (0 when idle). */
  filesRead: number;
};

export interface TasksFigures {
  /** One client, as fast as answered. */
  asFast: TasksRound[];
  /** One request every PACE_MS. */
  paced: ClosedLoopFigures[];
}

export interface ReadingLoadFigures {
  tasks: Record<LoadState, TasksFigures>;
  /** ONE_PAGE_PDF's reading in each reading round, from its upload's 201 to "read", ms. */
  pdfWhileReadingMs: number[];
}

export async function tasksWhileReading(
  apiUrl: string,
  pid: number,
  token: string,
  context: BenchContext,
  engine: string,
): Promise<ReadingLoadFigures> {
  const request: LoopRequest = {
    method: "GET",
    path: "/tasks/",
    headers: { Authorization: `Bearer ${token}` },
  };
  const documents = photos();
  const pdf = corpusDocument(ONE_PAGE_PDF.file);
  const reading = { pollMs: POLL_MS, timeoutMs: TIMEOUT_MS };
  const rounds: Record<LoadState, TasksFigures> = {
    idle: { asFast: [], paced: [] },
    reading: { asFast: [], paced: [] },
  };
  const pdfWhileReadingMs: number[] = [];
  context.log(`reading: ${engine}, warming up GET /tasks/`);
  await runClosedLoops(apiUrl, [() => request], WARM_UP_SECONDS);
  const states: LoadState[] = ["idle", "reading"];
  await interleave(states, context.rounds, async (state, round) => {
    context.log(`reading: ${engine}, round ${round + 1}, GET /tasks/ ${state}`);
    const files =
      state === "reading"
        ? keepFilesBeingRead(apiUrl, token, documents, {
            count: FILES_AT_ONCE,
            pollMs: UPLOADER_POLL_MS,
            timeoutMs: TIMEOUT_MS,
          })
        : null;
    await files?.started;
    const cpu = cpuSeconds(pid);
    const readBefore = files?.read() ?? 0;
    const started = performance.now();
    const asFast = await runClosedLoops(apiUrl, [() => request], context.duration);
    const apiCores = (cpuSeconds(pid) - cpu) / ((performance.now() - started) / 1000);
    const filesRead = (files?.read() ?? 0) - readBefore;
    const paced = await runPacedRequests(apiUrl, request, {
      everyMs: PACE_MS,
      seconds: context.duration,
    });
    if (files !== null) pdfWhileReadingMs.push((await timeReading(apiUrl, token, pdf, reading)).ms);
    // The files in hand are read before the next round: an idle round has nothing being read.
    await files?.stop();
    rounds[state].asFast.push({ ...asFast, apiCores, filesRead });
    rounds[state].paced.push(paced);
  });
  return { tasks: rounds, pdfWhileReadingMs };
}
