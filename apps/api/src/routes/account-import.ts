// issue 22, decisions D15: POST /users/me/import takes the ZIP of GET /users/me/export back into
// the signed-in account. The ZIP is streamed to a temporary file (sealed under a key of this
// import's, removed afterwards whatever happens), read with yauzl, and checked throughout before anything is written: data.json against
// the archive's format, the person's caps and quota, every file's bytes against their size,
// SHA-256 and type. Then one transaction writes what the account does not have yet
// (db/account-import.ts), and the answer says what was added and what was there already.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ArchiveFile, ARCHIVE_ENTRIES } from "@life-admin/domain/archive";
import { type ArchiveZip, openArchiveZip } from "../account-import/archive-zip.js";
import {
  type CheckedArchive,
  MAX_DATA_JSON_BYTES,
  checkArchive,
  fileBytes,
} from "../account-import/check-archive.js";
import { newSeal } from "../account-import/sealed-file.js";
import { NOT_A_ZIP_MESSAGE, zipOnDisk } from "../account-import/zip-upload.js";
import { requireUser } from "../auth/require-user.js";
import { sizeText } from "../config.js";
import { accountImporterOf } from "../db/account-import.js";
import type { AppDeps } from "../deps.js";
import { encryptFile } from "../files/file-encryption.js";
import { FILE_FIELD, readUploadInto } from "../files/upload-body.js";
import { ok, signedInRoutes } from "../http/route-group.js";
import { AccountImportReport } from "../http/schemas.js";

export const IMPORT_PATH = "/users/me/import";

/**
 * The most entries an import's ZIP may have: its files, data.json, the CSVs and the calendar.
 * 50,000 files fill a 1 GiB quota at 20 kB each.
 */
export const MAX_ARCHIVE_ENTRIES = 50_000;

/** Room in the ZIP beside the files: data.json, tasks.csv, subscriptions.csv, calendar.ics. */
const DATA_ROOM_BYTES = 2 * MAX_DATA_JSON_BYTES;

const IMPORT_FORM = {
  type: "object",
  properties: {
    [FILE_FIELD]: {
      type: "string",
      format: "binary",
      description: "The ZIP that GET /users/me/export gave",
    },
  },
  required: [FILE_FIELD],
};

/** Where each file of the archive is in data.json and in the ZIP, by its uid. */
function fileReader(zip: ArchiveZip, { archive, entries }: CheckedArchive) {
  const places = new Map(archive.files.map((file, index) => [file.uid, index]));
  return (file: ArchiveFile): Promise<Buffer> => {
    const entry = entries.get(file.uid);
    const index = places.get(file.uid);
    if (entry === undefined || index === undefined) throw new Error(`no entry for ${file.uid}`);
    return fileBytes(zip, entry, file, index);
  };
}

export function accountImportRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  const { maxUploadBytes, maxBytesPerUser } = deps.config.files;
  const rowCaps = deps.config.rowCaps;
  const importer = accountImporterOf(deps.database.db, { rowCaps, quotaBytes: maxBytesPerUser });
  const maxZipBytes = maxBytesPerUser + DATA_ROOM_BYTES;

  routes.post(
    IMPORT_PATH,
    {
      summary: "Import the ZIP of an export into the signed-in account",
      description:
        `multipart/form-data with the ZIP of GET /users/me/export in the field "${FILE_FIELD}". ` +
        `Only ${ARCHIVE_ENTRIES.data} and the files/ it names are read (the CSVs and the ` +
        "calendar are for people). Everything is checked before anything is written, and " +
        "then it is written in one transaction: the tasks (with their completions), " +
        "subscriptions and files get new ids and keep their uids, with the links between them; " +
        "a record whose uid the account already has is skipped, so that importing the same " +
        "ZIP twice adds nothing the second time. The archive's time zone and currency apply " +
        "only where the account has not chosen its own, and its reminder hour only while the " +
        "account's email reminders are off; an import never turns email reminders on. The " +
        "account keeps its own email and name. The answer counts what was `added` (tasks, subscriptions, files, completions) " +
        "and what was `skipped` because the account had it already. A refusal changes nothing: " +
        `a ZIP over ${sizeText(maxZipBytes)} (the quota plus room for data.json) or with more ` +
        `than ${MAX_ARCHIVE_ENTRIES.toLocaleString("en-US")} entries, a data.json over ` +
        `${sizeText(MAX_DATA_JSON_BYTES)} or a file over MAX_UPLOAD_BYTES is a 413, and so are ` +
        "files that would take the person past their quota; more tasks or subscriptions than " +
        "they may keep is a 409; a damaged ZIP or an entry with an unsafe name (`..`, absolute) " +
        "a 400; no ZIP at all a 415; data.json that is missing, not JSON, of another format or " +
        "version, or wrong in a record (the 422's loc and msg name the record and the field), " +
        "and a file whose entry is missing or whose bytes do not match its size, SHA-256 or " +
        "type, a 422.",
      rawBody: { mediaType: "multipart/form-data", schema: IMPORT_FORM },
      answer: ok(AccountImportReport, "What the import added, and what the account had already"),
      refusals: {
        400: "The ZIP is damaged, has an entry with an unsafe name, or did not arrive whole",
        409: "The import would take the person past MAX_TASKS_PER_USER or MAX_SUBSCRIPTIONS_PER_USER",
        413: "The ZIP, its data.json or one of its files is over its limit, or its files would take the person past their quota",
        415: NOT_A_ZIP_MESSAGE,
      },
    },
    async ({ c, user }) => {
      const folder = await mkdtemp(join(tmpdir(), "life-admin-import-"));
      try {
        const path = join(folder, "archive.zip");
        const seal = newSeal();
        await readUploadInto(c, maxZipBytes, zipOnDisk(path, seal));
        const zip = await openArchiveZip(path, seal, MAX_ARCHIVE_ENTRIES);
        try {
          const checked = await checkArchive(zip, { rowCaps, maxFileBytes: maxUploadBytes });
          const { archive } = checked;
          // Refused now, before the files are read, when it cannot fit; judged again under lock.
          await importer.plan(user.id, archive);
          const bytesOf = fileReader(zip, checked);
          for (const file of archive.files) await bytesOf(file);
          const { report, unread } = await importer.write(user.id, archive, async (file, id) =>
            encryptFile(deps.filesKey, await bytesOf(file), { userId: user.id, fileId: id }),
          );
          for (const file of unread) {
            // Exported while being read: read here too. When not queued, the sweep takes it.
            await deps.jobs.readFile(file).catch((error: unknown) => {
              deps.logger.warn({ err: error, file_id: file.id }, "file reading not queued");
            });
          }
          return report;
        } finally {
          zip.close();
        }
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  return routes.app;
}
