// POST /files/ as a browser's form sends it (multipart/form-data, the file in the field "file"),
// built byte by byte so that the name and the claimed type go on the wire as given: a name is
// escaped as browsers escape it (WHATWG: `"`, CR and LF percent-encoded), and sent in UTF-8.
import { exchangeBytes, type Exchange } from "./http-exchange.js";

export interface Upload {
  bytes: Uint8Array;
  name: string;
  claimedType: string;
  /** Sent chunked, without a Content-Length. */
  chunked: boolean;
}

const BOUNDARY = "----life-admin-reliability-3f9c2a";

/** The Content-Type of uploadForm's bytes. */
export const UPLOAD_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function escapedName(name: string): string {
  return name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function uploadForm(upload: Upload): Buffer {
  const head =
    `--${BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${escapedName(upload.name)}"\r\n` +
    (upload.claimedType === "" ? "" : `Content-Type: ${upload.claimedType}\r\n`) +
    "\r\n";
  return Buffer.concat([
    Buffer.from(head, "utf8"),
    upload.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export function uploadFile(apiUrl: string, token: string, upload: Upload): Promise<Exchange> {
  return uploadTo(apiUrl, "/files/", token, upload);
}

/** An upload's form sent to `path` (issue 22: an import's ZIP goes to /users/me/import). */
export function uploadTo(
  apiUrl: string,
  path: string,
  token: string,
  upload: Upload,
): Promise<Exchange> {
  return exchangeBytes(apiUrl, {
    method: "POST",
    path,
    query: "",
    headers: [
      ["Authorization", `Bearer ${token}`],
      ["Content-Type", UPLOAD_CONTENT_TYPE],
    ],
    body: { bytes: uploadForm(upload), chunked: upload.chunked },
  });
}
