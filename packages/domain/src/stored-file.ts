// Issue 21, decisions D14: a file the person uploaded, as the API answers it. Its bytes are fetched
// apart (GET /files/{id}/content); `status` says where reading it has got to, and `proposal` is
// what reading it proposed (a task or subscription for the person to confirm).
import * as z from "zod/mini";
import { IdSchema } from "./id.js";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { FileProposalSchema } from "./reading/proposal.js";
import { ACCEPTED_UPLOAD_TYPES } from "./uploads.js";

/** "reading" until the background reading ends: "read" (with a proposal) or "unreadable" (with why). */
export const FILE_STATUSES = ["reading", "read", "unreadable"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** The MIME type the server found in the bytes (never the name's or the browser's claim). */
// Every call marked pure, the arguments' too: a bundler keeps an argument's call otherwise, and
// these schemas are for the Upload and Documents screens, not the first download (issue 7).
export const StoredFileTypeSchema = /* @__PURE__ */ z.enum(
  /* @__PURE__ */ ACCEPTED_UPLOAD_TYPES.map((type) => type.mimeType),
);
export type StoredFileType = z.infer<typeof StoredFileTypeSchema>;

export const StoredFileSchema = /* @__PURE__ */ z.object({
  id: IdSchema,
  /** The name it was uploaded under (path and control characters removed). */
  name: z.string(),
  content_type: StoredFileTypeSchema,
  /** In bytes. */
  size: /* @__PURE__ */ z.number().check(z.int(), z.minimum(1)),
  created_at: IsoDateTimeSchema,
  status: z.enum(FILE_STATUSES),
  /** Null until the file is read, and when it could not be. */
  proposal: z.nullable(FileProposalSchema),
  /** Why the file could not be read, in words for the person; null otherwise. */
  error: z.nullable(z.string()),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;
