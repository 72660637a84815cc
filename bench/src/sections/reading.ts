// Section: reading uploaded files (issue 21), on the built API with its job engine, on PGlite (as
// `pnpm start` runs it) and on a private PostgreSQL with fsync on: how long a one-page PDF, a DOCX,
// a photo and one stored upside down, from the labelled corpus, take to be read after their
// upload, cold and warm (reading-times.ts); and GET /tasks/ one request at a time, idle and while
// four files are always being read (reading-load.ts). The person has the other sections' 100 tasks.
import { loadavg } from "node:os";
import { startApiProcess } from "@life-admin/reliability/api-process";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { median, medianOfRounds } from "../stats.js";
import type { ClosedLoopFigures } from "../support/closed-loops.js";
import { onEachEngine, type Engine } from "../support/engines.js";
import { startSeededApi, TASKS_OF_READER } from "../support/seeded-api.js";
import {
  FILES_AT_ONCE,
  UPLOADER_POLL_MS,
  tasksWhileReading,
  PACE_MS,
  type ReadingLoadFigures,
} from "./reading-load.js";
import {
  coldTimes,
  documentTimes,
  ENGINE_START_MS,
  ONE_PAGE_PDF,
  POLL_MS,
  readingDocuments,
  WARM_READINGS,
  warmTimes,
  type DocumentTimes,
} from "./reading-times.js";
import type { BenchContext, Section } from "./section.js";

const GOALS = { photoSeconds: 5, p99Ratio: 2 };

interface EngineFigures extends ReadingLoadFigures {
  engine: Engine;
  documents: DocumentTimes[];
}

async function measureEngine(
  engine: Engine,
  env: Record<string, string>,
  context: BenchContext,
): Promise<EngineFigures> {
  const seeded = await startSeededApi({ name: `Reading ${engine}`, env, log: context.log });
  const token = seeded.targets["GET /tasks/"].headers.Authorization?.replace("Bearer ", "") ?? "";
  const port = Number(new URL(seeded.api.url).port);
  // One process at a time on the database: PGlite's data directory is one process's.
  await seeded.api.stop();
  const documents = readingDocuments();
  const cold = await coldTimes({ port, env, token }, documents, context, engine);
  const api = await startApiProcess({ port, env });
  try {
    await new Promise((resolve) => setTimeout(resolve, ENGINE_START_MS));
    context.log(`reading: ${engine}, warm readings`);
    const warm = await warmTimes(api.url, token, documents);
    const load = await tasksWhileReading(api.url, api.pid, token, context, engine);
    return { engine, documents: documentTimes(documents, cold, warm), ...load };
  } finally {
    await api.stop();
  }
}

const ms = (value: number) => formatNumber(value, 0);
const latencies = (f: ClosedLoopFigures) => `${f.p50Ms} / ${f.p95Ms} / ${f.p99Ms}`;

function rowsAndGoals(figures: EngineFigures): { rows: Cell[][]; goals: Goal[] } {
  const { engine, documents, tasks, pdfWhileReadingMs } = figures;
  const rows: Cell[][] = documents.map((d) => [
    engine,
    `${d.what}: cold / warm, ms`,
    `${ms(median(d.cold))} / ${ms(d.warmMedianMs)}`,
    `cold ${d.cold.map(ms).join(", ")}; warm ${d.warm.map(ms).join(", ")}; proposed a ${d.proposed}`,
  ]);
  const asFast = {
    idle: medianOfRounds(tasks.idle.asFast),
    reading: medianOfRounds(tasks.reading.asFast),
  };
  const paced = {
    idle: medianOfRounds(tasks.idle.paced),
    reading: medianOfRounds(tasks.reading.paced),
  };
  const byRound = (rounds: ClosedLoopFigures[]) => rounds.map(latencies).join("; ");
  const photosRead = tasks.reading.asFast.map((r) => r.filesRead).join(", ");
  const ways = [
    { way: "one client as fast as answered", figures: asFast, rounds: "asFast" },
    { way: `one request every ${PACE_MS} ms`, figures: paced, rounds: "paced" },
  ] as const;
  for (const { way, figures, rounds } of ways) {
    const ratio = figures.reading.p99Ms / figures.idle.p99Ms;
    rows.push(
      [
        engine,
        `GET /tasks/, ${way}, idle: p50 / p95 / p99 ms`,
        latencies(figures.idle),
        byRound(tasks.idle[rounds]),
      ],
      [
        engine,
        `GET /tasks/, ${way}, ${FILES_AT_ONCE} files being read: p50 / p95 / p99 ms`,
        latencies(figures.reading),
        byRound(tasks.reading[rounds]),
      ],
      [
        engine,
        `GET /tasks/, ${way}: p99 reading / idle; req/s idle / reading`,
        `${formatNumber(ratio)}x`,
        `${Math.round(figures.idle.rps)} / ${Math.round(figures.reading.rps)} req/s`,
      ],
    );
  }
  rows.push([
    engine,
    `${ONE_PAGE_PDF.what} while ${FILES_AT_ONCE} photos are read: from the upload's 201 to "read", ms`,
    ms(median(pdfWhileReadingMs)),
    `by round ${pdfWhileReadingMs.map(ms).join(", ")}`,
  ]);
  rows.push([
    engine,
    "API process CPU, cores, one client as fast as answered: idle / reading",
    `${formatNumber(asFast.idle.apiCores)} / ${formatNumber(asFast.reading.apiCores)}`,
    `its event loop, the reading threads (and PGlite, when it is the database); ${photosRead} photos read`,
  ]);
  // The goal is for a photo as it is taken (the upside-down one is a figure of the table).
  const photo = documents.find((d) => d.file.endsWith(".jpeg"));
  const photoCold = median(photo?.cold ?? []);
  const goals: Goal[] = [
    {
      what: `Reading (${engine}): a photo, cold, from the upload's 201 to "read"`,
      target: `< ${GOALS.photoSeconds} s`,
      actual: `${formatNumber(photoCold / 1000, 1)} s`,
      met: photoCold < GOALS.photoSeconds * 1000,
    },
    ...ways.map(({ way, figures }) => {
      const ratio = figures.reading.p99Ms / figures.idle.p99Ms;
      return {
        what: `Reading (${engine}): GET /tasks/ p99 while ${FILES_AT_ONCE} files are read, against idle, ${way}`,
        target: `<= ${GOALS.p99Ratio}x`,
        actual: `${formatNumber(ratio)}x (${figures.reading.p99Ms} against ${figures.idle.p99Ms} ms)`,
        met: ratio <= GOALS.p99Ratio,
      };
    }),
  ];
  return { rows, goals };
}

export const readingSection: Section = {
  key: "reading",
  title: "Reading: uploaded files read in the background, and GET /tasks/ meanwhile",
  unavailable: () => null,
  async run(context) {
    const { figures: engines, notes } = await onEachEngine("reading", context, (engine, env) =>
      measureEngine(engine, env, context),
    );
    const parts = engines.map(rowsAndGoals);
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
    notes.push(`Load average at the end: ${load} (the machine's other work shares the two cores).`);
    notes.push(
      `The documents are the corpus's (apps/api/corpus/files): uk-energy-bill.pdf, ` +
        `uk-council-tax.docx, uk-mot-expiry.jpeg; the ${FILES_AT_ONCE} files being read are its ` +
        "five whole-page photos in turn (JPEG 1199 x 1644). GET /tasks/ answers the person's " +
        `${TASKS_OF_READER} tasks; the files are theirs.`,
    );
    return {
      key: "reading",
      title: this.title,
      howToRead:
        "a document's time runs from its upload's 201 to the first GET /files/{id} that answers " +
        `"read", asked ${POLL_MS} ms after each answer (so up to ${POLL_MS} ms and a request ` +
        `more than the reading); cold: the first file of an API started for it (${ENGINE_START_MS / 1000} s ` +
        "after /health answers, once its job engine is up), one per round; warm: " +
        `${WARM_READINGS} readings each in one process, after one to warm up. GET /tasks/: on one ` +
        "keep-alive connection, asked again as soon as answered (the API's thread kept busy), then " +
        `every ${PACE_MS} ms (idle between requests), ${context.duration} s each, in ms to a tenth, ` +
        `medians of ${context.rounds} rounds, idle and reading taking turns; while reading, ` +
        `${FILES_AT_ONCE} uploaders each send a photo, wait for it to be read (asking every ` +
        `${UPLOADER_POLL_MS} ms, as the Upload dialog first does) and send the next, from a ` +
        "process of their own (not on the event loop that times GET /tasks/); at the end of each " +
        `reading round the ${ONE_PAGE_PDF.what} is sent and timed to "read" while they still ` +
        "are. CPU from /proc.",
      columns: ["Database", "Figure", "Measured", "By round, or details"],
      rows: parts.flatMap((part) => part.rows),
      notes,
      goals: parts.flatMap((part) => part.goals),
      data: engines,
    };
  },
};
