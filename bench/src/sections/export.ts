// Section: the account export (issue 22), GET /users/me/export of a person with 10,000 tasks and
// 500 MB of files, on the built API over PGlite (as `pnpm start` runs it) and over a private
// PostgreSQL with fsync on: its time from the request to the ZIP's last byte on disk, and the API
// process's peak RSS meanwhile against its RSS just before (the goal: memory flat, growth well
// under the files' size); held against Debian's `zip` writing the same entries from a directory.
//
// The files are uploaded through HTTP (POST /files/, as the Upload dialog sends them): 250 photos
// of 2 MB each, a JPEG's header and end around random bytes, so that no compression flatters
// either side. The export stores files/ entries (PDFs and photos are compressed already) and
// deflates data.json and the CSVs; `zip -n .jpg` does the same (stores what ends .jpg, deflates
// the rest at its default level 6), so the two write the same kind of ZIP.
//
// A second person has the same records and no files: their export, timed in each round too, is
// what the records cost (data.json, the CSVs and the calendar) apart from the files.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { StoredFile } from "@life-admin/domain";
import { type ApiProcess, startApiProcess } from "@life-admin/reliability/api-process";
import { freePort } from "@life-admin/reliability/free-port";
import { postgresBin, startPrivateCluster } from "@life-admin/reliability/private-postgres";
import { sampleRss } from "@life-admin/reliability/rss-samples";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { median } from "../stats.js";
import { outputOf } from "../support/child.js";
import { timedFileReads } from "../support/database-file-reads.js";
import { seedRecords, signIn } from "../support/seed.js";
import type { BenchContext, Section } from "./section.js";

export const EXPORT_TASKS = 10_000;
export const EXPORT_SUBSCRIPTIONS = 100;
export const EXPORT_FILES = 250;
export const EXPORT_FILE_BYTES = 2_000_000;
const GOALS = { rssGrowthMib: 64, zipRatio: 2 };
const ZIP = "/usr/bin/zip";
const CURL = "/usr/bin/curl";
const UNZIP = "/usr/bin/unzip";
/** What `zip -n` stores rather than deflates: what the export stores. */
const STORED_SUFFIXES = ".jpg:.jpeg:.png:.pdf:.doc:.docx";
const UPLOADS_AT_ONCE = 2;
const MIB = 1024 * 1024;

/** A photo's bytes as far as anyone can tell: JPEG's start and end, and noise between. */
export function jpegLikeBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(randomBytes(size));
  // SOI, then an APP0 "JFIF" segment: what file-type (and the API) reads as a JPEG.
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function uploadPhoto(apiUrl: string, token: string, n: number): Promise<void> {
  const form = new FormData();
  form.append("file", new Blob([jpegLikeBytes(EXPORT_FILE_BYTES)]), `photo-${n}.jpg`);
  const res = await fetch(`${apiUrl}/files/`, {
    method: "POST",
    headers: bearer(token),
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`POST /files/ photo-${n}.jpg: ${res.status} ${body}`);
}

/** Waits until the job engine has settled every file (read, or unreadable): nothing runs beside the export. */
async function untilFilesSettled(apiUrl: string, token: string): Promise<StoredFile[]> {
  const deadline = performance.now() + 15 * 60_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/files/`, { headers: bearer(token) });
    const list = (await res.json()) as StoredFile[];
    if (list.every((file) => file.status !== "reading")) return list;
    if (performance.now() > deadline)
      throw new Error("the files were still being read after 15 min");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

interface Seeded {
  token: string;
  /** The person with the same records and no files. */
  recordsToken: string;
  seedSeconds: number;
  statuses: Record<string, number>;
}

async function seed(api: ApiProcess, context: BenchContext): Promise<Seeded> {
  const started = performance.now();
  const person = await signIn(api.url, "Export Person");
  context.log(`export: ${EXPORT_TASKS} tasks and ${EXPORT_SUBSCRIPTIONS} subscriptions`);
  const records = { tasks: EXPORT_TASKS, subscriptions: EXPORT_SUBSCRIPTIONS };
  await seedRecords(person, records);
  const recordsPerson = await signIn(api.url, "Records Person");
  await seedRecords(recordsPerson, records);
  context.log(
    `export: ${EXPORT_FILES} files of ${EXPORT_FILE_BYTES / 1e6} MB through POST /files/`,
  );
  let next = 0;
  const uploader = async () => {
    while (next < EXPORT_FILES) {
      const n = next;
      next += 1;
      await uploadPhoto(api.url, person.tokens.access_token, n);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, uploader));
  const files = await untilFilesSettled(api.url, person.tokens.access_token);
  const statuses: Record<string, number> = {};
  for (const file of files) statuses[file.status] = (statuses[file.status] ?? 0) + 1;
  return {
    token: person.tokens.access_token,
    recordsToken: recordsPerson.tokens.access_token,
    seedSeconds: (performance.now() - started) / 1000,
    statuses,
  };
}

interface ExportRound {
  seconds: number;
  bytes: number;
  rssBeforeMib: number;
  rssPeakMib: number;
}

/**
 * GET /users/me/export, the ZIP written to `path` by curl, and the API's RSS just before and at its
 * peak. curl stands for the browser's download: native code that costs the machine about 0.3 s of
 * CPU for 200 MB. A Node client (http.get piped into a file) cost 3.1 s for the same 200 MB, a
 * third of the two cores the API and the database need, so it measured itself as much as the
 * export (BENCHMARKS.md, "Export", session 15).
 */
async function timedExport(api: ApiProcess, token: string, path: string): Promise<ExportRound> {
  const rssBeforeMib = api.rss() / MIB;
  const samples = sampleRss(api.pid, 20);
  const started = performance.now();
  try {
    // --fail: an answer other than 2xx is an error (exit 22), not a ZIP.
    await outputOf(
      CURL,
      [
        "--silent",
        "--show-error",
        "--fail",
        "--output",
        path,
        "--header",
        `Authorization: Bearer ${token}`,
        `${api.url}/users/me/export`,
      ],
      { cwd: tmpdir() },
    );
  } finally {
    samples.stop();
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes: statSync(path).size,
    rssBeforeMib,
    rssPeakMib: samples.peakMib(),
  };
}

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")}: ${result.status} ${String(result.stderr)}`);
  }
}

/** `zip -q -r -n <stored suffixes>` of the directory: seconds, and the ZIP's size. */
function timedZip(tree: string, path: string): { seconds: number; bytes: number } {
  rmSync(path, { force: true });
  const started = performance.now();
  run(ZIP, ["-q", "-r", "-n", STORED_SUFFIXES, path, "."], tree);
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(path).size };
}

const mib = (value: number) => formatNumber(value, 0);
const seconds = (value: number) => formatNumber(value, 1);

type Engine = "PGlite" | "PostgreSQL";

interface EngineFigures {
  engine: Engine;
  seedSeconds: number;
  statuses: Record<string, number>;
  exports: ExportRound[];
  /** The records alone: the person with no files. */
  recordExports: ExportRound[];
  zips: { seconds: number; bytes: number }[];
  /** PostgreSQL alone handing over the same files (support/database-file-reads.ts), s a round. */
  fileReads: number[];
}

/**
 * Seeds the person on `env`'s database, then exports and zips in turns, `rounds` times; on
 * PostgreSQL (`DATABASE_URL`), the database also reads the files alone each round.
 */
async function measureEngine(
  engine: Engine,
  env: Record<string, string>,
  workDir: string,
  context: BenchContext,
): Promise<EngineFigures> {
  const databaseUrl = env.DATABASE_URL;
  const tree = join(workDir, `tree-${engine}`);
  mkdirSync(tree);
  const port = await freePort();
  context.log(`export: starting the API on ${engine} and seeding`);
  const first = await startApiProcess({ port, env });
  // Seeded through the local provider, whose async hooks a deployment never runs; the export
  // meets the API started again on the same database (as support/seeded-api.ts does).
  const seeded = await seed(first, context).finally(() => first.stop());
  // The API's warnings and errors, for a round that fails.
  const complaints: string[] = [];
  const api = await startApiProcess({
    port,
    env,
    onLogLine: (line) => {
      if (/"level":(4|5|6)\d/.test(line)) complaints.push(line.slice(0, 2000));
    },
  });
  const exports: ExportRound[] = [];
  const recordExports: ExportRound[] = [];
  const zips: { seconds: number; bytes: number }[] = [];
  const fileReads: number[] = [];
  const exported = (token: string, path: string) =>
    timedExport(api, token, path).catch((error: unknown) => {
      const ended = api.child.exitCode ?? api.child.signalCode;
      throw new Error(
        `the export failed (API ${ended === null ? "running" : `ended: ${ended}`}); ` +
          `its complaints: ${complaints.slice(-5).join("\n")}; stderr: ${api.stderr().slice(-2000)}`,
        { cause: error },
      );
    });
  try {
    for (let round = 0; round < context.rounds; round += 1) {
      context.log(`export: ${engine}, round ${round + 1} of ${context.rounds}`);
      const path = join(workDir, `export-${round}.zip`);
      exports.push(await exported(seeded.token, path));
      // The same entries, from a directory, for zip.
      if (round === 0) run(UNZIP, ["-q", path, "-d", tree], workDir);
      rmSync(path, { force: true });
      zips.push(timedZip(tree, join(workDir, "zip.zip")));
      if (databaseUrl !== undefined) fileReads.push(await timedFileReads(databaseUrl));
      recordExports.push(await exported(seeded.recordsToken, path));
      rmSync(path, { force: true });
    }
  } finally {
    await api.stop();
  }
  rmSync(tree, { recursive: true, force: true });
  return {
    engine,
    seedSeconds: seeded.seedSeconds,
    statuses: seeded.statuses,
    exports,
    recordExports,
    zips,
    fileReads,
  };
}

const filesMib = (EXPORT_FILES * EXPORT_FILE_BYTES) / MIB;
const byRound = (values: number[], format: (value: number) => string) =>
  values.map(format).join(", ");

function rowsAndGoals({
  engine,
  seedSeconds,
  statuses,
  exports,
  recordExports,
  zips,
  fileReads,
}: EngineFigures) {
  const exportSeconds = median(exports.map((round) => round.seconds));
  const zipSeconds = median(zips.map((round) => round.seconds));
  const growths = exports.map((round) => round.rssPeakMib - round.rssBeforeMib);
  const growth = Math.max(...growths);
  const ratio = exportSeconds / zipSeconds;
  const rows: Cell[][] = [
    [
      engine,
      "GET /users/me/export, request to last byte on disk, s",
      seconds(exportSeconds),
      byRound(
        exports.map((round) => round.seconds),
        seconds,
      ),
    ],
    [
      engine,
      `zip -q -r -n ${STORED_SUFFIXES} of the same entries, s`,
      seconds(zipSeconds),
      byRound(
        zips.map((round) => round.seconds),
        seconds,
      ),
    ],
    [engine, "Export / zip", `${formatNumber(ratio)}x`, ""],
    ...(fileReads.length === 0
      ? []
      : [
          [
            engine,
            "The database alone: the same files read one after another by the export's query (psql), s",
            seconds(median(fileReads)),
            byRound(fileReads, seconds),
          ],
        ]),
    [
      engine,
      "The records alone (a person with the same records, no files): export, s",
      seconds(median(recordExports.map((round) => round.seconds))),
      byRound(
        recordExports.map((round) => round.seconds),
        seconds,
      ),
    ],
    [
      engine,
      "API RSS before / peak during the export, MiB",
      `${mib(median(exports.map((round) => round.rssBeforeMib)))} / ${mib(median(exports.map((round) => round.rssPeakMib)))}`,
      exports.map((round) => `${mib(round.rssBeforeMib)} / ${mib(round.rssPeakMib)}`).join("; "),
    ],
    [
      engine,
      "Peak RSS growth during the export, MiB (largest round)",
      mib(growth),
      `${byRound(growths, mib)}; the files are ${mib(filesMib)} MiB`,
    ],
    [
      engine,
      "ZIP size: export / zip, MB",
      `${formatNumber((exports[0]?.bytes ?? 0) / 1e6, 0)} / ${formatNumber((zips[0]?.bytes ?? 0) / 1e6, 0)}`,
      "",
    ],
    [engine, "Seeding through the API, s", seconds(seedSeconds), JSON.stringify(statuses)],
  ];
  const goals: Goal[] = [
    {
      what: `Export (${engine}): peak RSS growth of the API during the export (memory flat)`,
      target: `< ${GOALS.rssGrowthMib} MiB (the files are ${mib(filesMib)} MiB)`,
      actual: `${mib(growth)} MiB`,
      met: growth < GOALS.rssGrowthMib,
    },
    {
      what: `Export (${engine}): time against zip writing the same entries`,
      target: `<= ${GOALS.zipRatio}x`,
      actual: `${formatNumber(ratio)}x (${seconds(exportSeconds)} against ${seconds(zipSeconds)} s)`,
      met: ratio <= GOALS.zipRatio,
    },
  ];
  return { rows, goals };
}

export const exportSection: Section = {
  key: "export",
  title: "Export: GET /users/me/export of 10,000 tasks and 500 MB of files, against zip",
  unavailable: () => {
    if (spawnSync(ZIP, ["-v"]).status !== 0) return `no ${ZIP} (apt-get install zip)`;
    return spawnSync(CURL, ["--version"]).status === 0 ? null : `no ${CURL} (apt-get install curl)`;
  },
  async run(context) {
    const workDir = mkdtempSync(join(tmpdir(), "life-admin-bench-export-"));
    const cleanups: (() => Promise<unknown>)[] = [
      () => {
        rmSync(workDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    ];
    const notes: string[] = [];
    const engines: EngineFigures[] = [];
    try {
      engines.push(
        await measureEngine("PGlite", { DATA_DIR: join(workDir, "data") }, workDir, context),
      );
      if (postgresBin() === null) {
        notes.push("PostgreSQL was not measured: no server binaries (apt-get install postgresql).");
      } else {
        context.log("export: starting a private PostgreSQL (fsync on)");
        const cluster = await startPrivateCluster({ durable: true });
        cleanups.unshift(() => cluster.destroy());
        engines.push(
          await measureEngine("PostgreSQL", { DATABASE_URL: cluster.url }, workDir, context),
        );
      }
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
    const parts = engines.map(rowsAndGoals);
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
    notes.push(`Load average at the end: ${load} (the machine's other work shares the two cores).`);
    return {
      key: "export",
      title: this.title,
      howToRead:
        `one person with ${EXPORT_TASKS} tasks, ${EXPORT_SUBSCRIPTIONS} subscriptions and ` +
        `${EXPORT_FILES} JPEG-like files of ${EXPORT_FILE_BYTES / 1e6} MB (random bytes: no ` +
        "compression helps), all created through the API, with the job engine done reading " +
        "them (and a second person with the same records and no files); the export is " +
        "fetched by curl (as a browser downloads) and written to a file, " +
        `${context.rounds} rounds, medians quoted; RSS from /proc every 20 ms and the kernel's ` +
        "high-water mark (VmHWM, reset before each export); zip runs on the export's own " +
        "entries unzipped into a directory (in the page cache, as the database's are), storing " +
        "the photos and deflating the rest as the export does; on PostgreSQL the database " +
        "alone then reads the same files one after another, each by the query the export reads " +
        "a file's bytes with, through psql's \\copy into /dev/null.",
      columns: ["Database", "Figure", "Measured", "By round, or details"],
      rows: parts.flatMap((part) => part.rows),
      notes,
      goals: parts.flatMap((part) => part.goals),
      data: engines,
    };
  },
};
