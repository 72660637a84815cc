// decisions D14: an upload's body (multipart/form-data, the file in a field named "file") read as it
// streams in, and refused as soon as it must be: a declared length over the limit before a byte is
// read; a file that grows past the limit, or whose first bytes are no accepted type, as soon as
// that is seen. Nothing past the limit is ever held, and nothing is written to disk: the file's
// bytes stay in memory until they are encrypted. (An account import's ZIP takes the same path to
// a file of its own: readUploadInto with another sink.) Every refusal is a 4xx in FastAPI's shape, and
// closes the connection; what the client still sends is read and dropped, up to a bound, before
// it closes (http/node-server.ts), so that the client gets the refusal rather than a reset.
import { INVALID_FILE_TYPE_MESSAGE } from "@life-admin/domain";
import type { Readable } from "node:stream";
import busboy from "busboy";
import type { Context } from "hono";
import { sizeText } from "../config.js";
import { ApiError, ValidationError } from "../errors/api-error.js";
import { SIGNATURE_BYTES, couldBeDocument } from "./document-types.js";

/** The form's field the file travels in. */
export const FILE_FIELD = "file";

/** Room for the multipart framing (boundaries, part headers, small fields) beside the file. */
const FRAMING_BYTES = 64 * 1024;

export interface UploadedFile {
  /** The name the browser sent (not yet cleaned: file-names.ts). */
  name: string;
  bytes: Buffer;
}

export function fileTooLarge(maxBytes: number): ApiError {
  // The rest of the body is not read for the route: the connection cannot carry another request.
  return new ApiError(413, `The file is too large: the limit is ${sizeText(maxBytes)}.`, {
    Connection: "close",
  });
}

export function invalidFileType(): ApiError {
  return new ApiError(415, INVALID_FILE_TYPE_MESSAGE, { Connection: "close" });
}

function missingFile(detail: string, type = "missing"): ValidationError {
  return new ValidationError([{ loc: ["body", FILE_FIELD], msg: detail, type }]);
}

const NOT_MULTIPART = `Field required: send the file as multipart/form-data, in a field named "${FILE_FIELD}"`;

/**
 * A name with a control character other than a tab, CR and LF: browsers send it as it is (the
 * HTML standard's form encoding escapes only CR, LF and `"`), and busboy refuses the part's header
 * ("Malformed part header") before the file is seen. Linux and macOS allow such names.
 */
export const UNSENDABLE_NAME_MESSAGE =
  "The file's name has a character that cannot be sent (a control character). Please rename the file and upload it again.";

/** Whether a part header in `bytes` names a file with a control character busboy refuses. */
function namesFileWithControl(bytes: Buffer): boolean {
  for (const [, name = ""] of bytes.toString("latin1").matchAll(/filename="([^"\r\n]*)/gi)) {
    for (const char of name) {
      const code = char.charCodeAt(0);
      if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
    }
  }
  return false;
}

/** The 422 for a form busboy could not read, in words a person can act on where there are some. */
function unreadableForm(error: Error, recentBytes: Buffer): ValidationError {
  if (error.message === "Malformed part header" && namesFileWithControl(recentBytes)) {
    return missingFile(UNSENDABLE_NAME_MESSAGE, "value_error");
  }
  return new ValidationError([
    { loc: ["body"], msg: `The form could not be read: ${error.message}`, type: "value_error" },
  ]);
}

/**
 * Where an upload's file goes as it arrives, chunk by chunk: kept in memory (readUpload), or
 * written to a file on disk (an account import, routes/account-import.ts).
 */
export interface UploadSink<T> {
  /**
   * One more chunk of the file: a refusal that stops the upload, or null. It may pause `file`
   * until it can take more (a slow disk): the body is then read no further meanwhile.
   */
  write(chunk: Buffer, file: Readable): Error | null;
  /** The whole file has arrived (`size` bytes, under the name the browser sent): what it is. */
  end(name: string, size: number): Promise<T>;
  /** The upload was refused or broken off: let go of what was kept. */
  discard(): void;
}

/** Keeps the file in memory, refused as soon as its first bytes are no accepted type. */
function documentInMemory(): UploadSink<UploadedFile> {
  const chunks: Buffer[] = [];
  let head = Buffer.alloc(0);
  return {
    write(chunk) {
      chunks.push(chunk);
      if (head.length < SIGNATURE_BYTES) {
        head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
        if (!couldBeDocument(head)) return invalidFileType();
      }
      return null;
    },
    end: (name, size) => Promise.resolve({ name, bytes: Buffer.concat(chunks, size) }),
    discard() {
      chunks.length = 0;
    },
  };
}

/**
 * The file of an upload, at most `maxBytes` long, or the ApiError (413, 415) or ValidationError
 * (422) that refuses it. Reads `c`'s body as a stream, chunk by chunk.
 */
export function readUpload(c: Context, maxBytes: number): Promise<UploadedFile> {
  return readUploadInto(c, maxBytes, documentInMemory());
}

/**
 * The file of an upload, at most `maxBytes` long, given to `sink` as it arrives: what the sink
 * makes of it, or the ApiError (400, 413) or ValidationError (422) that refuses it, or the sink's
 * own refusal.
 */
export async function readUploadInto<T>(
  c: Context,
  maxBytes: number,
  sink: UploadSink<T>,
): Promise<T> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw missingFile(NOT_MULTIPART);
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > maxBytes + FRAMING_BYTES) {
    throw fileTooLarge(maxBytes);
  }
  const body = c.req.raw.body;
  if (body === null) throw missingFile(NOT_MULTIPART);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        files: 1,
        // busboy says "limit" on reaching it: one byte more than a file may have.
        fileSize: maxBytes + 1,
        fields: 20,
        fieldSize: 1024,
        parts: 40,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or one busboy cannot use.
    throw missingFile(NOT_MULTIPART);
  }

  // The chunk busboy is given and the one before it: where a part header it refuses lies (it
  // allows 16 KiB of them), for the words of its refusal.
  let recent: Uint8Array[] = [];
  const upload = collectFile(parser, maxBytes, sink, () => Buffer.concat(recent));
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        // The client went away (or its connection broke) in the middle of the body.
        throw new ApiError(400, "The upload did not arrive whole: please send the file again.", {
          Connection: "close",
        });
      });
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes + FRAMING_BYTES) throw fileTooLarge(maxBytes);
      recent = [recent.at(-1) ?? new Uint8Array(0), value];
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
      upload.throwIfRefused();
    }
    parser.end();
    return await upload.file;
  } catch (error) {
    // Stop here: what is still on its way is not kept (the answer closes the connection).
    parser.destroy();
    reader.releaseLock();
    sink.discard();
    throw error;
  }
}

/**
 * The file's name as the person gave it: the HTML standard's multipart/form-data encoding sends
 * `"`, LF and CR in a filename as `%22`, `%0A`, `%0D` (and nothing else escaped), which busboy
 * passes on as they are; undone here, so "Invoice \"May\".pdf" is kept as itself (the control
 * characters are then taken out by storedFileName, file-names.ts).
 */
export function sentFileName(filename: string): string {
  return filename.replace(/%(22|0A|0D)/g, (_escape, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

interface FileCollection<T> {
  /** What the sink made of the file, once the form has ended. */
  file: Promise<T>;
  /** Throws what refuses the upload as soon as it is known, while the body is still coming. */
  throwIfRefused(): void;
}

function collectFile<T>(
  parser: busboy.Busboy,
  maxBytes: number,
  sink: UploadSink<T>,
  recentBytes: () => Buffer,
): FileCollection<T> {
  let refusal: Error | null = null;
  let name: string | null = null;
  let size = 0;

  parser.on("file", (field, stream, info) => {
    // A part cut short (the form ended, or we stopped) errs; the form's own error says why.
    stream.on("error", () => undefined);
    if (field !== FILE_FIELD || name !== null) {
      stream.resume();
      return;
    }
    name = sentFileName(info.filename ?? "");
    stream.on("data", (chunk: Buffer) => {
      if (refusal !== null) return;
      size += chunk.length;
      refusal = sink.write(chunk, stream);
    });
    // busboy stops passing the file on at `fileSize`, one byte past the limit, and says so.
    stream.on("limit", () => {
      refusal ??= fileTooLarge(maxBytes);
    });
  });

  const file = new Promise<T>((resolve, reject) => {
    // busboy closes after it errs too. The form is refused by then, and the sink is discarded by
    // the reader's loop, not ended: what its end would throw (too few bytes to be a ZIP) would
    // reject a promise nobody awaits, which ends the process.
    let erred = false;
    parser.on("error", (error: Error) => {
      erred = true;
      reject(unreadableForm(error, recentBytes()));
    });
    parser.on("close", () => {
      if (erred) return;
      if (refusal !== null) reject(refusal);
      else if (name === null) reject(missingFile(NOT_MULTIPART));
      else if (size === 0) reject(missingFile("The file is empty", "value_error"));
      else resolve(sink.end(name, size));
    });
  });
  // Settled by the reader's loop or left behind when it stops early: never an unhandled rejection.
  file.catch(() => undefined);

  return {
    file,
    throwIfRefused() {
      if (refusal !== null) throw refusal;
    },
  };
}
