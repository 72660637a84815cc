// Test support: POST /files/ as a browser's form sends it (multipart/form-data), over app.request.
import type { StoredFile } from "@life-admin/domain";
import type { Hono } from "hono";

export interface UploadAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  /** The body as a stored file, for a 201. */
  file: StoredFile;
}

export interface UploadOptions {
  /** The name the browser sends. Default "bill.pdf". */
  name?: string;
  /** The type the browser claims. Default: none. */
  type?: string;
  /** The form field. Default "file". */
  field?: string;
}

export async function upload(
  app: Pick<Hono, "request">,
  token: string,
  bytes: Uint8Array,
  { name = "bill.pdf", type = "", field = "file" }: UploadOptions = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await app.request("/files/", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body: unknown = await response.json();
  return { status: response.status, headers: response.headers, body, file: body as StoredFile };
}
