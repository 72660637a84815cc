// Test support: account archives (issue 22) written by the test and zipped with yazl, as GET
// /users/me/export writes them, and the ways to spoil one: an entry's declared size changed in
// the central directory, a name yazl would refuse to write (`..`, absolute) put in its place.
import { createHash, randomUUID } from "node:crypto";
import {
  ARCHIVE_ENTRIES,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type AccountArchive,
  type ArchiveCompletion,
  type ArchiveFile,
  type ArchiveSubscription,
  type ArchiveTask,
  archiveFilePath,
} from "@life-admin/domain/archive";
import yazl from "yazl";

export interface ZipInput {
  name: string;
  bytes: Uint8Array | string;
  /** Deflate it (default true). */
  compress?: boolean;
}

/** A ZIP of these entries, in this order. */
export function zipBytes(entries: readonly ZipInput[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, bytes, compress = true } of entries) {
    const buffer = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : Buffer.from(bytes);
    zip.addBuffer(buffer, name, { compress, mtime: new Date("2026-11-27T12:00:00Z") });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
    });
    zip.outputStream.on("error", reject);
    zip.outputStream.on("end", () => {
      resolve(Buffer.concat(chunks));
    });
  });
}

/** An archive's ZIP: `data` as data.json (any value: a wrong one too), its files, and more. */
export function archiveZip(
  data: unknown,
  files: Readonly<Record<string, Uint8Array>> = {},
  more: readonly ZipInput[] = [],
): Promise<Buffer> {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  return zipBytes([
    { name: ARCHIVE_ENTRIES.data, bytes: text },
    ...Object.entries(files).map(([name, bytes]) => ({ name, bytes, compress: false })),
    ...more,
  ]);
}

/** The archive's record of `bytes` as a file named `name`. */
export function archiveFileOf(
  bytes: Uint8Array,
  name: string,
  rest: Partial<ArchiveFile> = {},
): ArchiveFile {
  const uid = rest.uid ?? randomUUID();
  return {
    uid,
    name,
    content_type: "image/png",
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    path: archiveFilePath({ uid, name }),
    created_at: "2026-03-01T10:00:00.000Z",
    status: "unreadable",
    proposal: null,
    error: "No text could be found in this image",
    ...rest,
  };
}

export function archiveTask(rest: Partial<ArchiveTask> = {}): ArchiveTask {
  return {
    uid: randomUUID(),
    title: "Renew the passport",
    notes: null,
    category: null,
    due_date: "2027-02-01T09:00:00.000Z",
    anchor_at: "2027-02-01T09:00:00.000Z",
    occurrence: 0,
    frequency: "Once",
    interval: 1,
    repeat_until: null,
    priority: "Medium",
    completed: false,
    created_at: "2026-01-05T08:30:00.000Z",
    file_uid: null,
    completions: [],
    ...rest,
  };
}

/** A completion of archiveTask()'s occurrence, done an hour after it was due, or as `rest` says. */
export function archiveCompletion(rest: Partial<ArchiveCompletion> = {}): ArchiveCompletion {
  return {
    due_date: "2027-02-01T09:00:00.000Z",
    occurrence: 0,
    anchor_at: "2027-02-01T09:00:00.000Z",
    frequency: "Once",
    interval: 1,
    completed_at: "2027-02-01T10:00:00.000Z",
    skipped: false,
    ...rest,
  };
}

export function archiveSubscription(rest: Partial<ArchiveSubscription> = {}): ArchiveSubscription {
  return {
    uid: randomUUID(),
    name: "Northern Water",
    cost: 84.2,
    frequency: "Monthly",
    interval: 1,
    renewal_anchor: "2030-01-12",
    next_renewal_date: "2030-01-12",
    remind_days_before: 3,
    priority: "High",
    cancel_link: null,
    active: true,
    created_at: "2026-02-10T18:00:00.000Z",
    file_uid: null,
    ...rest,
  };
}

/** An archive of these records, with the settings of a person in Paris who pays in euros. */
export function accountArchive(records: Partial<AccountArchive> = {}): AccountArchive {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: "2026-11-27T12:00:00.000Z",
    user: {
      email: "someone@example.test",
      full_name: "Someone Else",
      time_zone: "Europe/Paris",
      time_zone_chosen: true,
      email_reminders: true,
      reminder_hour: 7,
      currency: "EUR",
    },
    tasks: [],
    subscriptions: [],
    files: [],
    ...records,
  };
}

/** Where `name`'s entry of the central directory starts in `zip` (yazl writes no ZIP64 for it). */
function centralEntryOf(zip: Buffer, name: string): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const entryName = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (entryName === name) return at;
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

/** `zip` with `name`'s uncompressed size declared as `size` in the central directory. */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  copy.writeUInt32LE(size, centralEntryOf(copy, name) + 24);
  return copy;
}

/**
 * `zip` with every `from` in it (an entry's name, in its local header and the central directory)
 * replaced by `to`, of the same length: a name yazl refuses to write.
 */
export function withName(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error("names of one length");
  const copy = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = copy.indexOf(needle); at !== -1; at = copy.indexOf(needle, at + 1)) {
    Buffer.from(to).copy(copy, at);
  }
  return copy;
}

/** The form an import sends: the ZIP in the field "file". */
export function importForm(zip: Uint8Array, name = "life-admin-export.zip"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(zip)], { type: "application/zip" }), name);
  return form;
}
