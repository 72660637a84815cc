// Files sent as the Upload dialog sends them (POST /files/, multipart, field "file"), and the wait
// for their reading: GET /files/{id} asked again `pollMs` after each answer until the file is no
// longer "reading". The documents are the labelled corpus's (apps/api/corpus/files).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { StoredFile } from "@life-admin/domain";
import { apiRoot } from "./paths.js";

export interface CorpusDocument {
  /** The file's name in the corpus, e.g. "uk-mot-expiry.jpeg". */
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export function corpusDocument(name: string): CorpusDocument {
  const bytes = new Uint8Array(readFileSync(join(apiRoot, "corpus", "files", name)));
  return { name, bytes };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POST /files/; the 201's file. */
export async function upload(
  apiUrl: string,
  token: string,
  document: CorpusDocument,
): Promise<StoredFile> {
  const form = new FormData();
  form.append("file", new Blob([document.bytes]), document.name);
  const res = await fetch(`${apiUrl}/files/`, {
    method: "POST",
    headers: bearer(token),
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`POST /files/ ${document.name}: ${res.status} ${body}`);
  return JSON.parse(body) as StoredFile;
}

export async function fileOf(apiUrl: string, token: string, id: number): Promise<StoredFile> {
  const res = await fetch(`${apiUrl}/files/${id}`, { headers: bearer(token) });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET /files/${id}: ${res.status} ${body}`);
  return JSON.parse(body) as StoredFile;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for the file every `pollMs` until it is read; throws if it ends "unreadable" or takes past `timeoutMs`. */
export async function untilRead(
  apiUrl: string,
  token: string,
  file: StoredFile,
  options: { pollMs: number; timeoutMs: number },
): Promise<StoredFile> {
  const deadline = performance.now() + options.timeoutMs;
  for (let now = file; ;) {
    if (now.status === "read") return now;
    if (now.status === "unreadable") throw new Error(`${now.name} was unreadable: ${now.error}`);
    if (performance.now() > deadline) {
      throw new Error(`${now.name} still reading after ${options.timeoutMs} ms`);
    }
    await sleep(options.pollMs);
    now = await fileOf(apiUrl, token, file.id);
  }
}

export interface TimedReading {
  file: StoredFile;
  /** From the 201 answered to the GET that answered "read". */
  ms: number;
}

/** Uploads the document and times its reading, from the 201 to the first GET answering "read". */
export async function timeReading(
  apiUrl: string,
  token: string,
  document: CorpusDocument,
  options: { pollMs: number; timeoutMs: number },
): Promise<TimedReading> {
  const uploaded = await upload(apiUrl, token, document);
  const answered = performance.now();
  const file = await untilRead(apiUrl, token, uploaded, options);
  return { file, ms: performance.now() - answered };
}
