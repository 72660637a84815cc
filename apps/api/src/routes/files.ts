// issue 21, decisions D14: the files people upload. POST /files/ takes one (multipart/form-data,
// field "file"), refused while it streams when it is too large or of another type, types it from
// its bytes, stores it encrypted in the database and queues its reading on the job engine;
// GET lists and reads them (their reading's status and proposal), GET .../content sends the bytes
// back as a download, DELETE removes one (the tasks and subscriptions made from it stay).
import { INVALID_FILE_TYPE_MESSAGE } from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { sizeText } from "../config.js";
import { fileBytesOf, fileStoreOf } from "../db/files.js";
import { jsonFields } from "../db/json-fields.js";
import { deleteOwnRecord, findOwnRecord } from "../db/own-records.js";
import { files } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { DOCUMENT_TYPES, documentTypeOfBytes } from "../files/document-types.js";
import { encryptFile } from "../files/file-encryption.js";
import { attachmentDisposition, storedFileName } from "../files/file-names.js";
import { storedFileBytes } from "../files/stored-file-bytes.js";
import { FILE_FIELD, invalidFileType, readUpload } from "../files/upload-body.js";
import { pathId } from "../http/path-ids.js";
import { created, noContent, ok, okBytes, signedInRoutes } from "../http/route-group.js";
import { StoredFile } from "../http/schemas.js";
import { releaseOnceWritten } from "../released-memory.js";

const fileJson = jsonFields(files, {
  id: files.id,
  name: files.name,
  content_type: files.contentType,
  size: files.size,
  created_at: files.createdAt,
  status: files.status,
  proposal: files.proposal,
  error: files.error,
});

const FileId = z.object({ file_id: pathId("The file's id") });
const NOT_FOUND = "File not found";

const UPLOAD_FORM = {
  type: "object",
  properties: {
    [FILE_FIELD]: {
      type: "string",
      format: "binary",
      description: "The file: PNG, JPEG, PDF, DOC or DOCX, as its bytes say (not its name)",
    },
  },
  required: [FILE_FIELD],
};

/** The 413 of an upload that would take its owner past their quota. */
function quotaReached(quotaBytes: number, keptBytes: number): ApiError {
  return new ApiError(
    413,
    `This file would take your files past your limit of ${sizeText(quotaBytes)} (you keep ` +
      `${sizeText(keptBytes)}). Delete some files to upload more.`,
    { Connection: "close" },
  );
}

export function fileRoutes(deps: AppDeps) {
  const routes = signedInRoutes("files", requireUser(deps.tokens));
  const { db } = deps.database;
  const store = fileStoreOf(deps.database);
  const { maxUploadBytes, maxBytesPerUser } = deps.config.files;

  // Prepared once: the user's files, newest first, as the JSON text sent.
  const listJson = db
    .select({ json: fileJson.arraySql(sql`${files.createdAt} desc, ${files.id} desc`) })
    .from(files)
    .where(eq(files.userId, sql.placeholder("userId")))
    .prepare("list_files");

  routes.post(
    "/files/",
    {
      summary: "Upload a file, to be read in the background",
      description:
        `multipart/form-data with the file in the field "${FILE_FIELD}". Its type comes from its ` +
        "bytes (PNG, JPEG, PDF, DOC or DOCX), never its name; it is stored encrypted and read " +
        'in the background: the answer is the file with status "reading", which GET ' +
        '/files/{file_id} follows to "read" (with a proposal) or "unreadable" (with an error). ' +
        "A file over MAX_UPLOAD_BYTES (20 MiB unless configured) is refused as it arrives, " +
        "and one that would take the person past MAX_FILE_BYTES_PER_USER (1 GiB unless " +
        "configured) too. A missing or empty file, or a body that is not multipart, is a 422.",
      rawBody: { mediaType: "multipart/form-data", schema: UPLOAD_FORM },
      answer: created(StoredFile, "The file as stored, being read"),
      refusals: {
        400: "The body stopped before its end (the client went away): nothing is stored",
        413: "The file is over the upload limit, or would take the person past their quota (the detail says which)",
        415: INVALID_FILE_TYPE_MESSAGE,
      },
    },
    async ({ c, user }) => {
      // Full already: refused before the body is read.
      if (user.fileBytes >= maxBytesPerUser) throw quotaReached(maxBytesPerUser, user.fileBytes);
      const upload = await readUpload(c, maxUploadBytes);
      const type = await documentTypeOfBytes(upload.bytes);
      if (type === null) throw invalidFileType();
      const id = await store.nextId();
      const size = upload.bytes.length;
      const encrypted = encryptFile(deps.filesKey, upload.bytes, { userId: user.id, fileId: id });
      const name = storedFileName(upload.name, type);
      const file = { id, userId: user.id, name, contentType: type.mimeType, size };
      const row = await store.insert(file, encrypted, maxBytesPerUser);
      if (row === null) throw quotaReached(maxBytesPerUser, await fileBytesOf(db, user.id));
      try {
        await deps.jobs.readFile({ id, contentType: type.mimeType });
      } catch (error) {
        // The file stays "reading": the job engine's sweep queues it instead.
        deps.logger.warn({ err: error, file_id: id }, "file reading not queued");
      }
      return fileJson.of(row);
    },
  );

  routes.get(
    "/files/",
    {
      summary: "The signed-in user's files, newest first",
      answer: ok(z.array(StoredFile), "The files"),
    },
    async ({ c, user }) => {
      const [result] = await listJson.execute({ userId: user.id });
      return c.body(result?.json ?? "[]", 200, { "Content-Type": "application/json" });
    },
  );

  routes.get(
    "/files/{file_id}",
    {
      summary: "One of the signed-in user's files: its reading's status and proposal",
      params: FileId,
      answer: ok(StoredFile, "The file"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      const row = await findOwnRecord(db, files, params.file_id, user.id);
      return row && fileJson.of(row);
    },
  );

  routes.get(
    "/files/{file_id}/content",
    {
      summary: "A file's bytes, as a download",
      description:
        "As uploaded, with the type found in its bytes, as an attachment under its name " +
        "(Content-Disposition), never to be shown in place (X-Content-Type-Options: nosniff).",
      params: FileId,
      answer: okBytes(
        Object.values(DOCUMENT_TYPES).map((type) => type.mimeType),
        "The file's bytes",
      ),
      notFound: NOT_FOUND,
    },
    async ({ c, user, params }) => {
      const stored = await store.content(params.file_id, user.id);
      if (stored === null) return null;
      const bytes = storedFileBytes(deps.filesKey, deps.logger, stored);
      // The plaintext is this answer's alone: given back once the connection has sent it.
      releaseOnceWritten(bytes);
      return c.body(bytes, 200, {
        "Content-Type": stored.file.contentType,
        "Content-Disposition": attachmentDisposition(stored.file.name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
    },
  );

  routes.delete(
    "/files/{file_id}",
    {
      summary: "Delete a file",
      description:
        "Its bytes go with it. The tasks and subscriptions made from it stay, without their " +
        "file_id.",
      params: FileId,
      answer: noContent("Deleted"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => (await deleteOwnRecord(db, files, params.file_id, user.id)) || null,
  );

  return routes.app;
}
