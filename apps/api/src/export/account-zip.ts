// issue 22: the person's account as a ZIP, written as it is sent, so that memory stays flat for a
// person with 10,000 tasks and 500 MB of files (BENCHMARKS.md, "Export"). yazl writes one entry at
// a time; each entry's stream is only made when its turn comes, and reads the database a page at
// a time, so what is in memory at once is one file, or a page of records and the text of the
// entries after data.json (held-archive-texts.ts: about 400 bytes a task).
//
// - `files/<uid>/<name>` first, one file at a time: read, decrypted, written. Stored, not
//   deflated: PDFs, photos and DOCX are compressed already, and deflating them costs CPU for a
//   few per cent at best.
// - Then data.json (AccountArchiveSchema), which names each file with the SHA-256 of the bytes
//   written above (taken as they were stored, files/file-encryption.ts), tasks.csv,
//   subscriptions.csv and calendar.ics, deflated. The tasks and subscriptions are read once, for
//   data.json; the three others are made from the same pages, so no entry can disagree with
//   another.
// - The files are the ones the person had when the export began: a file deleted meanwhile is left
//   out, and a task or subscription that names a file not in the ZIP says null (no database
//   transaction is held open for the length of a download: on PGlite it would hold every request).
// - A failure after the answer has begun (a stored file that does not decrypt, a query that fails)
//   is logged and ends the download with an error: the browser says the download failed, and no
//   ZIP that looks whole but is not is left behind.
import type { KeyObject } from "node:crypto";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { type IsoDate, renewalDay } from "@life-admin/domain";
import {
  ARCHIVE_ENTRIES,
  type ArchiveFile,
  type ArchiveSubscription,
  type ArchiveTask,
} from "@life-admin/domain/archive";
import { asc, eq, inArray } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { Db } from "../db/database.js";
import type { FileStore } from "../db/files.js";
import { ownRecordPages } from "../db/own-record-pages.js";
import { asShownOn } from "../db/renewals.js";
import {
  type SubscriptionRow,
  type TaskCompletionRow,
  type TaskRow,
  type UserRow,
  files,
  subscriptions,
  taskCompletions,
  tasks,
} from "../db/schema.js";
import { storedFileAndSha256 } from "../files/stored-file-bytes.js";
import type { Logger } from "../logger.js";
import { releaseOnceWritten } from "../released-memory.js";
import {
  type FileUids,
  archiveFile,
  archiveHeader,
  archiveSubscription,
  archiveTask,
} from "./archive-records.js";
import { HeldArchiveTexts, type RecordPage } from "./held-archive-texts.js";
import { readableWebStream } from "./readable-web-stream.js";

/** How a file's bytes are handed to yazl: in slices, so that it writes them as they are taken. */
const SLICE_BYTES = 64 * 1024;

export interface AccountZipSource {
  db: Db;
  store: FileStore;
  filesKey: KeyObject;
  logger: Logger;
  /** The API's host name, in the calendar's event UIDs (as in the feed). */
  host: string;
  user: UserRow;
  /** The currency of calendar.ics's renewal costs: the person's, or the one the feed would use. */
  calendarCurrency: string;
  /** exported_at, the entries' time, and "today" for the subscriptions' next renewals. */
  now: Date;
}

/**
 * `bytes` as a stream of slices that lets go of them once read: yazl keeps every entry's stream
 * until the ZIP ends (for its central directory), and a stream that still held its file's bytes
 * (Readable.from over a generator does) kept every file in memory to the end: about 210 MB of
 * ArrayBuffers held at the end of 200 MB of files, before this. `bytes` are a file's plaintext,
 * a buffer of its own (decryptFile's) read by nothing else after (hashed first if it had to be;
 * yazl takes each slice's CRC as it passes): their memory is given back once the response has
 * written their last slice (releaseOnceWritten).
 */
function slicesOf(bytes: Buffer): Readable {
  let rest: Buffer | null = bytes;
  return new Readable({
    read() {
      if (rest === null) return;
      const slice = rest.subarray(0, SLICE_BYTES);
      rest = rest.length > SLICE_BYTES ? rest.subarray(SLICE_BYTES) : null;
      if (rest === null) releaseOnceWritten(slice);
      this.push(slice);
      if (rest === null) this.push(null);
    },
  });
}

/**
 * The ZIP's bytes as they are written, read only as the response takes them; the stream fails
 * with the error when writing fails.
 */
export function accountZip(source: AccountZipSource): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream;
  // A PassThrough, which yazl's types call only a NodeJS.ReadableStream.
  if (!(output instanceof Readable)) throw new TypeError("yazl's output is not a Node stream");
  const entries = new ZipEntries(zip, output);
  const fail = (error: unknown) => {
    if (output.destroyed) return;
    source.logger.error({ err: error, user_id: source.user.id }, "an export failed midway");
    entries.fail(error instanceof Error ? error : new Error(String(error)));
  };
  // An entry's stream that fails (a query of data.json's, a CSV's) fails the ZIP through yazl.
  zip.on("error", fail);
  writeArchive(source, entries).catch(fail);
  return readableWebStream(output);
}

/** yazl's entries one at a time, until the download ends (or its reader goes away). */
class ZipEntries {
  #current: Readable | null = null;
  readonly zip: ZipFile;
  readonly output: Readable;

  constructor(zip: ZipFile, output: Readable) {
    this.zip = zip;
    this.output = output;
    // The reader went away (the person cancelled): the entry being written stops, and so does
    // writeArchive, at its next step.
    output.once("close", () => this.#current?.destroy());
  }

  get stopped(): boolean {
    return this.output.destroyed;
  }

  /** Writes `bytes` as a stored entry and waits until yazl has taken all of them. */
  async addBytes(bytes: Buffer, path: string, mtime: Date): Promise<void> {
    const stream = slicesOf(bytes);
    this.#current = stream;
    this.zip.addReadStream(stream, path, { compress: false, size: bytes.length, mtime });
    await finished(stream);
    this.#current = null;
  }

  /** A deflated entry whose stream is made when yazl comes to it. */
  addLater(path: string, mtime: Date, streamOf: () => Readable): void {
    this.zip.addReadStreamLazy(path, { compress: true, mtime }, (callback) => {
      callback(null, streamOf());
    });
  }

  end(): void {
    this.zip.end();
  }

  fail(error: Error): void {
    this.#current?.destroy();
    this.output.destroy(error);
  }
}

async function writeArchive(source: AccountZipSource, entries: ZipEntries): Promise<void> {
  const { db, user, now } = source;
  const exported = await writeFiles(source, entries);
  if (entries.stopped) return;

  const fileUids: FileUids = new Map(exported.map(({ id, file }) => [id, file.uid]));
  const archiveFiles = exported.map(({ file }) => file);
  const today = renewalDay(now, user.timeZone);
  const texts = new HeldArchiveTexts({
    csv: {
      filePaths: new Map(archiveFiles.map((file) => [file.uid, file.path])),
      currency: user.currency,
    },
    host: source.host,
    calendarCurrency: source.calendarCurrency,
    calendarTimeZone: user.timeZone,
  });
  entries.addLater(ARCHIVE_ENTRIES.data, now, () =>
    Readable.from(
      dataJsonPieces(
        archiveHeader(now, user),
        archiveTaskPages(db, user.id, fileUids),
        archiveSubscriptionPages(db, user.id, today, fileUids),
        archiveFiles,
        texts,
      ),
      { objectMode: false },
    ),
  );
  // yazl writes one entry after another: these are taken once data.json is written.
  entries.addLater(ARCHIVE_ENTRIES.tasks, now, () => texts.take("tasks"));
  entries.addLater(ARCHIVE_ENTRIES.subscriptions, now, () => texts.take("subscriptions"));
  entries.addLater(ARCHIVE_ENTRIES.calendar, now, () => texts.take("calendar"));
  entries.end();
}

/** Each of the person's files, in the order of their ids: its archive record and its id. */
async function writeFiles(
  { db, store, filesKey, logger, user }: AccountZipSource,
  entries: ZipEntries,
): Promise<{ id: number; file: ArchiveFile }[]> {
  const ids = await db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.userId, user.id))
    .orderBy(asc(files.id));
  const exported: { id: number; file: ArchiveFile }[] = [];
  for (const { id } of ids) {
    if (entries.stopped) break;
    const stored = await store.content(id, user.id);
    // Deleted since the export began.
    if (stored === null) continue;
    const { bytes, sha256 } = storedFileAndSha256(filesKey, logger, stored);
    const file = archiveFile(stored.file, sha256);
    await entries.addBytes(bytes, file.path, stored.file.createdAt);
    exported.push({ id, file });
  }
  return exported;
}

/** The person's tasks as archive records, a page at a time, each with its completions. */
async function* archiveTaskPages(
  db: Db,
  userId: number,
  fileUids: FileUids,
): AsyncGenerator<RecordPage<TaskRow, ArchiveTask>> {
  for await (const page of ownRecordPages(db, tasks, userId)) {
    const rows = await db
      .select()
      .from(taskCompletions)
      .where(
        inArray(
          taskCompletions.taskId,
          page.map((task) => task.id),
        ),
      )
      .orderBy(asc(taskCompletions.taskId), asc(taskCompletions.id));
    const byTask = new Map<number, TaskCompletionRow[]>();
    for (const row of rows) {
      const list = byTask.get(row.taskId);
      if (list === undefined) byTask.set(row.taskId, [row]);
      else list.push(row);
    }
    yield {
      rows: page,
      records: page.map((task) => archiveTask(task, byTask.get(task.id) ?? [], fileUids)),
    };
  }
}

/** The person's subscriptions as every read shows them on `today` (decisions D10). */
async function* archiveSubscriptionPages(
  db: Db,
  userId: number,
  today: IsoDate,
  fileUids: FileUids,
): AsyncGenerator<RecordPage<SubscriptionRow, ArchiveSubscription>> {
  for await (const page of ownRecordPages(db, subscriptions, userId)) {
    yield {
      rows: page.map((row) => asShownOn(row, today)),
      records: page.map((row) => archiveSubscription(row, today, fileUids)),
    };
  }
}

/**
 * data.json's text, a page of records at a time: the header's members, then each list with one
 * record per line (a person can read it, and a line-based tool can split it). Each page also goes
 * into `texts` as it passes, which then hold the other entries' whole text.
 */
async function* dataJsonPieces(
  header: ReturnType<typeof archiveHeader>,
  taskPages: AsyncIterable<RecordPage<TaskRow, ArchiveTask>>,
  subscriptionPages: AsyncIterable<RecordPage<SubscriptionRow, ArchiveSubscription>>,
  archiveFiles: readonly ArchiveFile[],
  texts: HeldArchiveTexts,
): AsyncGenerator<string> {
  yield `${JSON.stringify(header).slice(0, -1)},\n"tasks":[`;
  yield* jsonRecords(recordsOf(taskPages, texts.addTasks));
  yield `\n],\n"subscriptions":[`;
  yield* jsonRecords(recordsOf(subscriptionPages, texts.addSubscriptions));
  yield `\n],\n"files":[`;
  yield* jsonRecords([archiveFiles]);
  yield "\n]}\n";
  texts.complete();
}

/** The records of each page, each page handed to `pass` first. */
async function* recordsOf<Row, ArchiveRecord>(
  pages: AsyncIterable<RecordPage<Row, ArchiveRecord>>,
  pass: (page: RecordPage<Row, ArchiveRecord>) => void,
): AsyncGenerator<readonly ArchiveRecord[]> {
  for await (const page of pages) {
    pass(page);
    yield page.records;
  }
}

async function* jsonRecords(
  pages: AsyncIterable<readonly object[]> | Iterable<readonly object[]>,
): AsyncGenerator<string> {
  let separator = "\n";
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield separator + page.map((record) => JSON.stringify(record)).join(",\n");
    separator = ",\n";
  }
}
