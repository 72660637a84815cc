// issue 21: the stored files' calls, `@life-admin/api-client/files`: loaded with the screens that
// use them (the Upload dialog, the Documents view), not in the web app's first download. An upload
// with a progress bar cannot go through fetch, which reports no upload progress: `uploadForm` and
// `UPLOAD_PATH` say how to send one another way (XMLHttpRequest, signed with the session's bearer
// token), and `checked` reads its answer as the client would.
import { type StoredFile, StoredFileSchema } from "@life-admin/domain/files";
import { type ApiError, apiErrorOf } from "./api-error.js";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { type FileToSend, fileForm } from "./file-form.js";
import { addResponseRules, listOf, matches } from "./middleware/response-validation.js";

/**
 * A file as the API answers it: its reading's status, and what reading it proposed. The domain's
 * type rather than the OpenAPI's: every answer is checked against StoredFileSchema (the response
 * rules below), which hands it on with the proposal's defaults applied (a body's frequency and
 * priority, optional in a request, always there).
 */
export type { FileToSend, StoredFile };

/** Where an upload is POSTed, under the API's base URL. */
export const UPLOAD_PATH = "/files/";

/** The form an upload sends: the file in the field "file", under its name. */
export function uploadForm(file: FileToSend, name = file instanceof File ? file.name : "document") {
  return fileForm(file, name);
}

export interface FileCalls {
  /**
   * decisions D14: stores the file (typed from its bytes) and starts reading it. A Blob or File,
   * or its bytes (a Buffer from `readFile`) with the name to keep it under.
   */
  upload: (file: FileToSend, name?: string) => Promise<StoredFile>;
  /** The person's files, newest first. */
  list: () => Promise<StoredFile[]>;
  /** One file: follow `status` from "reading" to "read" (with `proposal`) or "unreadable". */
  get: (id: number) => Promise<StoredFile>;
  /** The file's bytes, as uploaded, with the type found in them. */
  content: (id: number) => Promise<Blob>;
  /** Deletes the file; what was made from it stays, without its file_id. */
  remove: (id: number) => Promise<void>;
  /**
   * An upload's answer read outside the client (`uploadForm` sent by XMLHttpRequest), checked
   * as the client checks its own: the file, or an InvalidResponseError naming what is wrong.
   */
  checked: (body: unknown) => StoredFile;
  /** An upload's refusal read outside the client: the ApiError the client would throw. */
  refused: (status: number, body: unknown) => ApiError;
}

export function fileCalls({ http }: Pick<LifeAdminClient, "http">): FileCalls {
  addResponseRules({
    "GET /files/": listOf(StoredFileSchema),
    "GET /files/{file_id}": matches(StoredFileSchema),
    "POST /files/": matches(StoredFileSchema),
  });
  const checkUpload = matches(StoredFileSchema);
  return {
    async upload(file, name) {
      const result = await http.POST(UPLOAD_PATH, {
        // The form as it is: its Content-Type carries the boundary (middleware/json-headers.ts).
        body: uploadForm(file, name) as never,
        bodySerializer: (form: unknown) => form as FormData,
      });
      return dataOf("POST /files/", result);
    },
    async list() {
      return dataOf("GET /files/", await http.GET("/files/"));
    },
    async get(id) {
      const params = { path: { file_id: id } };
      const result = await http.GET("/files/{file_id}", { params });
      return dataOf("GET /files/{file_id}", result);
    },
    async content(id) {
      const params = { path: { file_id: id } };
      const result = await http.GET("/files/{file_id}/content", { params, parseAs: "blob" });
      return dataOf("GET /files/{file_id}/content", result);
    },
    async remove(id) {
      await http.DELETE("/files/{file_id}", { params: { path: { file_id: id } } });
    },
    checked(body) {
      return checkUpload({ route: "POST /files/", status: 201, body }) as StoredFile;
    },
    refused: apiErrorOf,
  };
}
