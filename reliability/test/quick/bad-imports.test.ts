// Issue 22 (decisions D15), suite 16: bad imports are refused with a clear message and change
// nothing. One person with records of their own (an import and a task made by hand); then POST
// /users/me/import with generated bad ZIPs, each made from a good archive whose task has a
// generated history (decisions D9: completions and skips, a skip only of a recurring schedule):
// bytes that are no ZIP, a good ZIP cut short or with bytes flipped inside its data, another
// format version, data.json declaring a size past the limit, a zip bomb (data.json giving more
// than it declares), file entries of another size or altered bytes, entries named to climb out
// or absolute, file paths in data.json that climb out, a skipped completion of a "Once" schedule
// (which the database would refuse in words naming no record), and 100,000 tasks or
// subscriptions. Each answer is the 4xx its kind calls for, in FastAPI's
// shape with words in it, never a 5xx; the API answers GET /health quickly after each; and the
// person's tasks, subscriptions, files and settings are exactly as before, every time.
import { randomUUID } from "node:crypto";
import { accountArchives, signInAs } from "@life-admin/api/testing";
import { pngBill } from "@life-admin/api/test-documents";
import { TASK_FREQUENCIES } from "@life-admin/domain";
import { ARCHIVE_VERSION, type ArchiveCompletion } from "@life-admin/domain/archive";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { uploadTo } from "../../src/file-upload.js";
import { median, printFigures, Tally } from "../../src/figures.js";
import { exchange, type Exchange } from "../../src/http-exchange.js";
import { assertProperty } from "../../src/property.js";
import { seeded, settings } from "../../src/settings.js";

const {
  accountArchive,
  archiveCompletion,
  archiveFileOf,
  archiveSubscription,
  archiveTask,
  archiveZip,
  withDeclaredSize,
  withName,
} = accountArchives;

/** Generated bad ZIPs a run sends (each kind below about equally often). */
const GENERATED = 120;
/** Slower than this for GET /health after a refusal is not "quick". */
const HEALTH_MS = 1_000;
const MIB = 2 ** 20;
/** The API's own limit on data.json (routes/account-import.ts). */
const DATA_JSON_LIMIT = 128 * MIB;
/** MAX_UPLOAD_BYTES for this suite: small, so that a file over it is cheap to make. */
const MAX_FILE = 200_000;
const IMPORT = "/users/me/import";

let api: ApiOnLoopback;
let access: string;
let before: string;
let png: Buffer;
const statuses = new Tally();
const kinds = new Tally();
const importMs: number[] = [];
const healthMs: number[] = [];
const rowsMs: number[] = [];

/** Everything of the person's a caller can read: what no refusal may change. */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const path of ["/tasks/", "/subscriptions/", "/files/", "/users/me"]) {
    const answer = await exchange(api.url, {
      method: "GET",
      path,
      query: "",
      headers: [["Authorization", `Bearer ${access}`]],
      body: null,
    });
    expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200);
    parts.push(answer.json !== null && "value" in answer.json ? answer.json.value : answer.text);
  }
  return JSON.stringify(parts);
}

async function sendImport(zip: Uint8Array): Promise<Exchange> {
  const answer = await uploadTo(api.url, IMPORT, access, {
    bytes: zip,
    name: "life-admin-export.zip",
    claimedType: "application/zip",
    chunked: false,
  });
  statuses.add(answer.status);
  importMs.push(answer.ms);
  return answer;
}

/** The words of a FastAPI-shaped detail: its text, or its 422 items' messages. */
function detailText(answer: Exchange): string {
  const body = answer.json !== null && "value" in answer.json ? answer.json.value : null;
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item: unknown) => {
        const { loc, msg, type } = item as { loc: unknown; msg: unknown; type: unknown };
        expect(Array.isArray(loc) && typeof type === "string").toBe(true);
        return String(msg);
      })
      .join(" | ");
  }
  throw new Error(`not FastAPI's shape: ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** The refusal expected of one bad ZIP: its statuses and what its words must say. */
interface Expectation {
  statuses: readonly number[];
  says: RegExp;
}

async function expectRefused(kind: string, zip: Uint8Array, expected: Expectation) {
  kinds.add(kind);
  const answer = await sendImport(zip);
  const shown = `${kind} (${zip.length} bytes): ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  expect(answer.status, shown).toBeLessThan(500);
  expect(expected.statuses, shown).toContain(answer.status);
  const words = detailText(answer);
  // Words, not a code: "The file is empty" is the shortest.
  expect(words.length, shown).toBeGreaterThanOrEqual("The file is empty".length);
  expect(words, shown).toMatch(expected.says);
  const health = await exchange(api.url, {
    method: "GET",
    path: "/health",
    query: "",
    headers: [],
    body: null,
  });
  expect(health.status, shown).toBe(200);
  healthMs.push(health.ms);
  expect(health.ms, `GET /health after ${shown}`).toBeLessThan(HEALTH_MS);
  expect(await snapshot(), shown).toBe(before);
}

/** A closed occurrence of a task: the schedule it had, and whether it was skipped. */
type Closing = Pick<ArchiveCompletion, "frequency" | "skipped">;

/**
 * A good archive of the person's kind: a file, a task made from it (closed as `history` says,
 * oldest first), a subscription.
 */
function goodArchive(history: readonly Closing[] = []) {
  const file = archiveFileOf(png, "meter reading.png");
  const completions = history.map((closing, occurrence) =>
    archiveCompletion({ ...closing, occurrence }),
  );
  const archive = accountArchive({
    files: [file],
    tasks: [archiveTask({ title: "Read the meter", file_uid: file.uid, completions })],
    subscriptions: [archiveSubscription()],
  });
  return { archive, file, files: { [file.path]: png } };
}

/**
 * decisions D9: a task's history as version 3 keeps it: the schedules it had (it may have been
 * edited from one to another), each occurrence done or skipped, a skip only of a recurring one.
 */
const HISTORIES = fc.array(
  fc
    .record({ frequency: fc.constantFrom(...TASK_FREQUENCIES), skipped: fc.boolean() })
    .map(({ frequency, skipped }) => ({ frequency, skipped: skipped && frequency !== "Once" })),
  { maxLength: 4 },
);

/** Where each entry's data lies in `zip` (from its central directory and local headers). */
function dataRanges(zip: Buffer): Map<string, { start: number; length: number }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const ranges = new Map<string, { start: number; length: number }>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    ranges.set(name, { start, length: zip.readUInt32LE(at + 20) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return ranges;
}

const VERSIONS = fc.oneof(
  fc.integer({ min: ARCHIVE_VERSION + 1, max: 1_000_000 }),
  fc.constantFrom(0, -1, 1.5, "1", "2", null, true, [], {}),
);

/** Names an export never has: they climb out of the folder, or start at a root. */
const UNSAFE_NAMES = fc
  .tuple(
    fc.constantFrom("../", "../../../", "files/../../", "/", "/etc/", "C:/", "c:\\", "files\\..\\"),
    fc.stringMatching(/^[a-z]{1,12}$/),
  )
  .map(([lead, tail]) => `${lead}${tail}.png`);

/**
 * One generated bad import: what it is, and how it is made from the good ZIP's parts. Shares of a
 * length are never NaN (fast-check's doubles include it unless told: seed 2144533577 drew a flip
 * at NaN, which flipped nothing, and the ZIP, whole, was imported).
 */
const BAD_IMPORTS = fc.oneof(
  fc.record({ kind: fc.constant("not a zip" as const), bytes: fc.uint8Array({ maxLength: 4096 }) }),
  fc.record({
    kind: fc.constant("cut short" as const),
    share: fc.double({ min: 0, max: 0.999, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant("bytes flipped" as const),
    inFile: fc.boolean(),
    flips: fc.array(
      fc.tuple(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.integer({ min: 1, max: 255 })),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
  }),
  fc.record({ kind: fc.constant("wrong version" as const), version: VERSIONS }),
  fc.record({
    kind: fc.constant("declares too much" as const),
    size: fc.integer({ min: DATA_JSON_LIMIT + 1, max: 2 ** 32 - 2 }),
  }),
  fc.record({
    kind: fc.constant("zip bomb" as const),
    mib: fc.constantFrom(4, 16, 64),
    declared: fc.integer({ min: 100, max: 2_000 }),
  }),
  fc.record({
    kind: fc.constant("file entry of another size" as const),
    declared: fc.integer({ min: 1, max: 50_000_000 }),
  }),
  fc.record({
    kind: fc.constant("file over the limit" as const),
    size: fc.integer({ min: MAX_FILE + 1, max: 2 ** 31 - 1 }),
  }),
  fc.record({
    kind: fc.constant("altered file" as const),
    at: fc.double({ min: 0, max: 0.999, noNaN: true }),
    xor: fc.integer({ min: 1, max: 255 }),
    sha: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("unsafe entry name" as const), name: UNSAFE_NAMES }),
  fc.record({ kind: fc.constant("unsafe file path" as const), name: UNSAFE_NAMES }),
  fc.record({
    kind: fc.constant("skipped once" as const),
    /** Where in the history the skipped "Once" occurrence goes. */
    at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  }),
);
type BadImport = typeof BAD_IMPORTS extends fc.Arbitrary<infer T> ? T : never;

const DAMAGED = /damaged|not a ZIP|unsafe name/;
/** Bombs are made once per size: 64 MiB of spaces take a moment to deflate. */
const bombs = new Map<number, Buffer>();

async function made(
  bad: BadImport,
  history: readonly Closing[],
): Promise<{ zip: Uint8Array; expected: Expectation }> {
  const { archive, file, files } = goodArchive(history);
  const good = await archiveZip(archive, files);
  switch (bad.kind) {
    case "not a zip": {
      // A ZIP's first bytes would make it one (cut short): those are the next kind.
      const bytes = bad.bytes[0] === 0x50 ? bad.bytes.subarray(1) : bad.bytes;
      return {
        zip: bytes,
        expected:
          bytes.length === 0
            ? { statuses: [422], says: /empty/ }
            : { statuses: [415], says: /The file is not a ZIP/ },
      };
    }
    case "cut short": {
      const zip = good.subarray(0, Math.max(1, Math.floor(good.length * bad.share)));
      return { zip, expected: { statuses: [400, 415], says: DAMAGED } };
    }
    case "bytes flipped": {
      const range = dataRanges(good).get(bad.inFile ? file.path : "data.json");
      if (range === undefined) throw new Error("no range");
      const zip = Buffer.from(good);
      // Not the last byte of the data: a deflate stream's last byte ends in bits no reader
      // reads, and flipping only those would change nothing.
      const span = Math.max(1, range.length - 1);
      const flipped = new Map<number, number>();
      for (const [where, xor] of bad.flips) {
        const at = range.start + Math.floor(where * span);
        flipped.set(at, (flipped.get(at) ?? 0) ^ xor);
      }
      // Two flips of one byte by the same bits undo each other: the first flip stays.
      const [first] = bad.flips;
      if (first !== undefined && [...flipped.values()].every((xor) => xor === 0)) {
        flipped.set(range.start + Math.floor(first[0] * span), first[1]);
      }
      for (const [at, xor] of flipped) zip[at] = (zip[at] ?? 0) ^ xor;
      return {
        zip,
        // The CRC-32 of what is read catches every flip (yauzl itself does not check it).
        expected: { statuses: [400], says: /damaged/ },
      };
    }
    case "wrong version":
      return {
        zip: await archiveZip({ ...archive, version: bad.version }, files),
        expected: {
          statuses: [422],
          says:
            typeof bad.version === "number" && bad.version > ARCHIVE_VERSION
              ? /made by a newer version of Life Admin/
              : /is not one Life Admin made/,
        },
      };
    case "declares too much":
      return {
        zip: withDeclaredSize(good, "data.json", bad.size),
        expected: { statuses: [413], says: /data\.json is .*an import reads at most 128 MiB/ },
      };
    case "zip bomb": {
      let bomb = bombs.get(bad.mib);
      if (bomb === undefined) {
        bomb = await archiveZip(JSON.stringify(archive) + " ".repeat(bad.mib * MIB), files);
        bombs.set(bad.mib, bomb);
      }
      return {
        zip: withDeclaredSize(bomb, "data.json", bad.declared),
        expected: { statuses: [400], says: /damaged.*too many bytes/ },
      };
    }
    case "file entry of another size": {
      const declared = bad.declared === file.size ? file.size + 1 : bad.declared;
      return {
        zip: withDeclaredSize(good, file.path, declared),
        // yauzl refuses a stored entry whose sizes differ (400) before data.json is compared (422).
        expected: { statuses: [400, 422], says: /holds \d+ bytes, not|damaged/ },
      };
    }
    case "file over the limit": {
      const big = { ...file, size: bad.size };
      return {
        zip: await archiveZip({ ...archive, files: [big] }, files),
        expected: { statuses: [413], says: /the limit for one file is/ },
      };
    }
    case "altered file": {
      if (bad.sha) {
        // Another hex SHA-256: each digit moved on by one.
        const sha = file.sha256.replace(/[0-9a-f]/g, (d) =>
          ((parseInt(d, 16) + 1) % 16).toString(16),
        );
        return {
          zip: await archiveZip({ ...archive, files: [{ ...file, sha256: sha }] }, files),
          expected: { statuses: [422], says: /do not match their SHA-256/ },
        };
      }
      const altered = Buffer.from(png);
      const at = Math.floor(bad.at * altered.length);
      altered[at] = (altered[at] ?? 0) ^ bad.xor;
      return {
        zip: await archiveZip(archive, { [file.path]: altered }),
        expected: { statuses: [422], says: /do not match their SHA-256|are not image\/png/ },
      };
    }
    case "unsafe entry name": {
      const placeholder = "q".repeat(Buffer.byteLength(bad.name));
      const zip = await archiveZip(archive, files, [{ name: placeholder, bytes: "x" }]);
      return {
        zip: withName(zip, placeholder, bad.name),
        expected: { statuses: [400], says: /unsafe name/ },
      };
    }
    case "unsafe file path": {
      const moved = { ...file, path: `files/${file.uid}/${bad.name}` };
      return {
        zip: await archiveZip({ ...archive, files: [moved] }, files),
        expected: { statuses: [400, 422], says: /must be "files\/|unsafe name|the ZIP has no/ },
      };
    }
    case "skipped once": {
      const at = Math.floor(bad.at * (history.length + 1));
      const skippedOnce: Closing = { frequency: "Once", skipped: true };
      const spoiled = goodArchive([...history.slice(0, at), skippedOnce, ...history.slice(at)]);
      return {
        zip: await archiveZip(spoiled.archive, spoiled.files),
        expected: {
          statuses: [422],
          says: new RegExp(
            String.raw`tasks\[0\]\.completions\[${at}\]\.skipped: is true, but its frequency is Once`,
          ),
        },
      };
    }
  }
}

beforeAll(async () => {
  api = await startApiOnLoopback({ env: { MAX_UPLOAD_BYTES: String(MAX_FILE) } });
  access = (await signInAs(api.deps)).tokens.access_token;
  png = pngBill();
  // The person's own: an import of their earlier account, and a task made here.
  const { archive, files } = goodArchive();
  const first = await sendImport(await archiveZip(archive, files));
  expect(first.status, first.text).toBe(200);
  const own = await fetch(`${api.url}/tasks/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${access}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title: "Pay the council tax", due_date: "2027-03-01T00:00:00Z" }),
  });
  expect(own.status).toBe(201);
  before = await snapshot();
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 16 bad imports", {
    seed: settings.seed,
    database: settings.testDatabaseUrl === null ? "pglite" : "postgres",
    imports: importMs.length,
    statuses: statuses.counts,
    kinds: kinds.counts,
    median_import_ms: Math.round(median(importMs)),
    max_import_ms: Math.round(Math.max(...importMs)),
    max_health_ms: Math.round(Math.max(...healthMs)),
    rows_100k_ms: rowsMs.map((ms) => Math.round(ms)).join("/"),
  });
});

describe(seeded("suite 16: bad imports"), () => {
  it("refuses every generated bad ZIP with its 4xx and words, quickly, and changes nothing", async () => {
    await assertProperty(
      fc.tuple(BAD_IMPORTS, HISTORIES),
      async ([bad, history]) => {
        const { zip, expected } = await made(bad, history);
        await expectRefused(bad.kind, zip, expected);
      },
      { seed: settings.seed, numRuns: GENERATED },
    );
  });

  it("refuses 100,000 tasks, and 100,000 subscriptions, by their count and without a change", async () => {
    for (const rows of ["tasks", "subscriptions"] as const) {
      const one = rows === "tasks" ? archiveTask() : archiveSubscription();
      const many = Array.from({ length: 100_000 }, (_, i) => ({
        ...one,
        uid: randomUUID(),
        ...(rows === "tasks" ? { title: `Task ${i}` } : { name: `Subscription ${i}` }),
      }));
      const zip = await archiveZip(accountArchive({ [rows]: many }));
      await expectRefused(`100,000 ${rows}`, zip, {
        statuses: [409],
        says: new RegExp(`^The archive has 100,000 ${rows}: more than one person may keep`),
      });
      // A figure (rows_100k_ms), not a check: wall time on a busy machine says little.
      rowsMs.push(importMs.at(-1) ?? 0);
    }
  });

  it("still imports a good archive afterwards, a skip in its history", async () => {
    const { archive, files } = goodArchive([
      { frequency: "Weekly", skipped: true },
      { frequency: "Once", skipped: false },
    ]);
    const answer = await sendImport(await archiveZip(archive, files));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({
      value: {
        added: { tasks: 1, subscriptions: 1, files: 1, completions: 2 },
        skipped: { tasks: 0, subscriptions: 0, files: 0 },
      },
    });
  });
});
