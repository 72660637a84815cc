// issue 22: everything an import checks before it writes a row. data.json is read (bounded),
// parsed, and held to the archive's format (AccountArchiveSchema, an older version's archive read
// as the current one: asCurrentArchive) record by record; its records
// must name each other and their files consistently; every file must be in the ZIP at its path
// `files/<uid>/<name>`, with exactly its size and SHA-256 and bytes of its type. Each failure is the
// 4xx that says what is wrong and where (FastAPI's 422 items name the record and the field).
import { createHash } from "node:crypto";
import { isSupportedCurrency, isTimeZone } from "@life-admin/domain";
import {
  ARCHIVE_ENTRIES,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ARCHIVE_VERSIONS_READ,
  asCurrentArchive,
  type AccountArchive,
  AccountArchiveSchema,
  type ArchiveFile,
  archiveFilePath,
} from "@life-admin/domain/archive";
import { sizeText } from "../config.js";
import { ApiError, ValidationError, type ValidationItem } from "../errors/api-error.js";
import { validationItems } from "../errors/validation-items.js";
import { documentTypeOf, documentTypeOfBytes } from "../files/document-types.js";
import { storedFileName } from "../files/file-names.js";
import { unstorableStrings } from "../http/json-body.js";
import type { ArchiveEntry, ArchiveZip } from "./archive-zip.js";
import { scheduleProblems } from "./check-schedules.js";

/** The largest data.json an import reads: 50,000 tasks with long notes fit several times over. */
export const MAX_DATA_JSON_BYTES = 128 * 2 ** 20;
/** The most 422 items one refusal lists: an archive wrong in 100,000 places names the first. */
const MAX_ITEMS = 50;

export interface ImportLimits {
  /** MAX_TASKS_PER_USER, MAX_SUBSCRIPTIONS_PER_USER. */
  rowCaps: { tasks: number; subscriptions: number };
  /** MAX_UPLOAD_BYTES: the largest file. */
  maxFileBytes: number;
}

/** A 422 at `path` inside data.json, its message naming the place for a person who sees only it. */
function invalidAt(path: (string | number)[], msg: string, type = "value_error"): ValidationItem {
  return {
    loc: ["body", "file", ARCHIVE_ENTRIES.data, ...path],
    msg: `${placeOf(path)}${msg}`,
    type,
  };
}

/** `tasks[3].title: ` for a person reading one message. */
function placeOf(path: (string | number)[]): string {
  if (path.length === 0) return `${ARCHIVE_ENTRIES.data}: `;
  const place = path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join("");
  return `${ARCHIVE_ENTRIES.data}, ${place}: `;
}

function refuse(items: ValidationItem[]): never {
  throw new ValidationError(items.slice(0, MAX_ITEMS));
}

/** data.json's text, bounded before a byte of it is inflated. */
async function dataJsonText(zip: ArchiveZip): Promise<string> {
  const entry = zip.entries.get(ARCHIVE_ENTRIES.data);
  if (entry === undefined) {
    refuse([
      invalidAt(
        [],
        "the ZIP has no data.json: it is not an export of Life Admin (choose the ZIP that Export gave you)",
        "missing",
      ),
    ]);
  }
  if (entry.size > MAX_DATA_JSON_BYTES) {
    throw new ApiError(
      413,
      `The archive's data.json is ${sizeText(entry.size)}: an import reads at most ${sizeText(MAX_DATA_JSON_BYTES)}.`,
    );
  }
  const bytes = await zip.bytesOf(entry);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    refuse([invalidAt([], "the text is not UTF-8", "json_invalid")]);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable";
    return refuse([invalidAt([], `not valid JSON (${reason})`, "json_invalid")]);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is refused by a look at the top of data.json, before any record is checked: another format,
 * another version, and more records than the person may keep whatever they have already (100,000
 * tasks are refused here, for the price of reading their number).
 */
function checkOutline(value: unknown, limits: ImportLimits): void {
  if (!isRecord(value) || value.format !== ARCHIVE_FORMAT) {
    refuse([
      invalidAt(
        ["format"],
        `this is not an export of Life Admin (its format is not "${ARCHIVE_FORMAT}")`,
        "literal_error",
      ),
    ]);
  }
  const { version } = value;
  const read: readonly unknown[] = ARCHIVE_VERSIONS_READ;
  if (!read.includes(version)) {
    const newer = typeof version === "number" && version > ARCHIVE_VERSION;
    // "1, 2, 3 and 4".
    const reads = `${ARCHIVE_VERSIONS_READ.slice(0, -1).join(", ")} and ${ARCHIVE_VERSION}`;
    refuse([
      invalidAt(
        ["version"],
        newer
          ? `this export was made by a newer version of Life Admin (format version ${version}); ` +
              `this server reads versions ${reads}. Import it into an up-to-date Life Admin.`
          : `the format version ${JSON.stringify(version)} is not one Life Admin made (this server reads versions ${reads})`,
        "literal_error",
      ),
    ]);
  }
  for (const rows of ["tasks", "subscriptions"] as const) {
    const records = value[rows];
    const cap = limits.rowCaps[rows];
    if (Array.isArray(records) && records.length > cap) {
      throw new ApiError(
        409,
        `The archive has ${records.length.toLocaleString("en-US")} ${rows}: more than one person ` +
          `may keep (the limit is ${cap.toLocaleString("en-US")}). Nothing was imported.`,
      );
    }
  }
}

/** The uids said twice in one list, and links to files the archive does not have. */
function checkReferences(archive: AccountArchive): ValidationItem[] {
  const items: ValidationItem[] = [];
  for (const rows of ["tasks", "subscriptions", "files"] as const) {
    const seen = new Set<string>();
    archive[rows].forEach(({ uid }, i) => {
      if (seen.has(uid)) items.push(invalidAt([rows, i, "uid"], `${uid} is said twice in ${rows}`));
      seen.add(uid);
    });
  }
  const fileUids = new Set(archive.files.map((file) => file.uid));
  for (const rows of ["tasks", "subscriptions"] as const) {
    archive[rows].forEach(({ file_uid }, i) => {
      if (file_uid !== null && !fileUids.has(file_uid)) {
        items.push(
          invalidAt([rows, i, "file_uid"], `names a file (${file_uid}) that is not in the archive`),
        );
      }
    });
  }
  if (!isTimeZone(archive.user.time_zone)) {
    items.push(
      invalidAt(["user", "time_zone"], 'use an IANA time zone name, such as "Europe/London"'),
    );
  }
  // As PATCH /users/me takes it: a code of the right form that no runtime knows formats nothing.
  const { currency } = archive.user;
  if (currency !== null && !isSupportedCurrency(currency)) {
    items.push(
      invalidAt(["user", "currency"], "use a currency this app knows, such as EUR or GBP"),
    );
  }
  return items;
}

/** Each file's entry in the ZIP, at its path, of its size: a file over the limit is a 413. */
function fileEntries(
  archive: AccountArchive,
  zip: ArchiveZip,
  limits: ImportLimits,
): Map<string, ArchiveEntry> {
  const items: ValidationItem[] = [];
  const entries = new Map<string, ArchiveEntry>();
  archive.files.forEach((file, i) => {
    const type = documentTypeOf(file.content_type);
    if (type === null || storedFileName(file.name, type) !== file.name) {
      items.push(
        invalidAt(["files", i, "name"], `"${file.name}" is not a file name Life Admin keeps`),
      );
      return;
    }
    if (file.path !== archiveFilePath(file)) {
      items.push(
        invalidAt(["files", i, "path"], `must be ${JSON.stringify(archiveFilePath(file))}`),
      );
      return;
    }
    if (file.size > limits.maxFileBytes) {
      throw new ApiError(
        413,
        `The file "${file.name}" in the archive is ${sizeText(file.size)}: the limit for one file is ` +
          `${sizeText(limits.maxFileBytes)}. Nothing was imported.`,
      );
    }
    const entry = zip.entries.get(file.path);
    if (entry === undefined) {
      items.push(invalidAt(["files", i, "path"], `the ZIP has no ${file.path}`, "missing"));
    } else if (entry.size !== file.size) {
      items.push(
        invalidAt(["files", i, "size"], `${file.path} holds ${entry.size} bytes, not ${file.size}`),
      );
    } else {
      entries.set(file.uid, entry);
    }
  });
  if (items.length > 0) refuse(items);
  return entries;
}

export interface CheckedArchive {
  archive: AccountArchive;
  /** The ZIP's entry of each file, by the file's uid. */
  entries: ReadonlyMap<string, ArchiveEntry>;
}

/** data.json, checked throughout, and where each of its files is in the ZIP. */
export async function checkArchive(zip: ArchiveZip, limits: ImportLimits): Promise<CheckedArchive> {
  const value = parsed(await dataJsonText(zip));
  checkOutline(value, limits);
  const unstorable = unstorableStrings(value);
  if (unstorable.length > 0) {
    refuse(unstorable.map(({ loc, msg, type }) => invalidAt(loc.slice(1), msg, type)));
  }
  const result = AccountArchiveSchema.safeParse(asCurrentArchive(value));
  if (!result.success) {
    refuse(
      validationItems(result.error, "body", value).map(({ loc, msg, type }) =>
        invalidAt(loc.slice(1), msg, type),
      ),
    );
  }
  const archive = result.data;
  const problems = [
    ...checkReferences(archive),
    ...scheduleProblems(archive).map(({ path, msg }) => invalidAt(path, msg)),
  ];
  if (problems.length > 0) refuse(problems);
  return { archive, entries: fileEntries(archive, zip, limits) };
}

/**
 * The file's bytes from the ZIP, as data.json describes them (size, SHA-256, type from the bytes),
 * or the 422 that says how they differ. `index` is its place in data.json's files.
 */
export async function fileBytes(
  zip: ArchiveZip,
  entry: ArchiveEntry,
  file: ArchiveFile,
  index: number,
): Promise<Buffer> {
  const bytes = await zip.bytesOf(entry);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== file.sha256) {
    refuse([
      invalidAt(
        ["files", index, "sha256"],
        `the bytes of ${file.path} do not match their SHA-256: the archive was altered or damaged`,
      ),
    ]);
  }
  const type = await documentTypeOfBytes(bytes);
  if (type?.mimeType !== file.content_type) {
    refuse([
      invalidAt(
        ["files", index, "content_type"],
        `the bytes of ${file.path} are not ${file.content_type}, as data.json says`,
      ),
    ]);
  }
  return bytes;
}
