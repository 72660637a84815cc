// Suite 15's judgement of what the API did with each file: its upload's answer as the Upload
// dialog would show it, and how its reading ended, against what the file says it may be answered
// (src/generate/hostile-files.ts). Each returns the problems a person or the web app would notice.
import {
  ACCEPTED_UPLOAD_TYPES,
  INVALID_FILE_TYPE_MESSAGE,
  StoredFileSchema,
  type StoredFile,
} from "@life-admin/domain";
import { MIME_TYPES } from "./generate/file-kit.js";
import type { HostileFile } from "./generate/hostile-files.js";
import type { Exchange } from "./http-exchange.js";

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(answer: Exchange): unknown {
  return answer.json !== null && "value" in answer.json ? answer.json.value : undefined;
}

/** A path, control or direction characters: what the API promises to take out of a name. */
const UNSAFE_IN_A_NAME = /[/\\\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

function storedFileProblems(file: HostileFile, stored: StoredFile): string[] {
  const problems: string[] = [];
  if (stored.size !== file.bytes.length) {
    problems.push(`size ${stored.size}, sent ${file.bytes.length}`);
  }
  const { kind } = file.expected;
  if (kind !== undefined && stored.content_type !== MIME_TYPES[kind]) {
    problems.push(`stored as ${stored.content_type}, its bytes are ${kind}`);
  }
  if (stored.status !== "reading") problems.push(`answered "${stored.status}", not yet read`);
  const endings: readonly string[] =
    ACCEPTED_UPLOAD_TYPES.find((type) => type.mimeType === stored.content_type)?.extensions ?? [];
  const ending = stored.name.slice(stored.name.lastIndexOf(".") + 1).toLowerCase();
  if (!endings.includes(ending)) {
    problems.push(`kept as "${stored.name}", which does not end as a ${stored.content_type}`);
  }
  if (UNSAFE_IN_A_NAME.test(stored.name)) {
    problems.push(`kept as ${JSON.stringify(stored.name)}: a path, control or direction character`);
  }
  return problems;
}

/**
 * What is wrong with an upload's answer: a status the file may not get, a 201 that is not the file
 * as stored (typed by its bytes, under a name that ends as they are), or a refusal that is not
 * FastAPI's shape in the words the Upload dialog shows.
 */
export function answerProblems(file: HostileFile, answer: Exchange, limitText: string): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (!file.expected.statuses.includes(status)) {
    problems.push(`answered ${status}, expected ${file.expected.statuses.join(" or ")}`);
  }
  const body = jsonOf(answer);
  if (body === undefined) {
    return [...problems, `answered ${status} without JSON: ${answer.text.slice(0, 200)}`];
  }
  if (status === 201) {
    const stored = StoredFileSchema.safeParse(body);
    if (!stored.success)
      return [...problems, `a 201 that is no file: ${answer.text.slice(0, 300)}`];
    return [...problems, ...storedFileProblems(file, stored.data)];
  }
  const detail = (body as { detail?: unknown }).detail;
  if (status === 415 && detail !== INVALID_FILE_TYPE_MESSAGE) {
    problems.push(`415 saying ${JSON.stringify(detail)}`);
  }
  const tooLarge = `The file is too large: the limit is ${limitText}.`;
  if (status === 413 && detail !== tooLarge) problems.push(`413 saying ${JSON.stringify(detail)}`);
  if (status === 422) {
    const first: unknown = Array.isArray(detail) ? detail[0] : undefined;
    const { loc, msg } = (first ?? {}) as { loc?: unknown; msg?: unknown };
    if (typeof msg !== "string" || !Array.isArray(loc) || loc[0] !== "body") {
      problems.push(`422 not in FastAPI's shape: ${answer.text.slice(0, 200)}`);
    }
  }
  if (typeof detail !== "string" && !Array.isArray(detail)) {
    problems.push(`${status} without a detail`);
  }
  return problems;
}

/**
 * What is wrong with an accepted file once its reading has ended: still reading, an ending the
 * file cannot have, an unreadable file without its reason (or with another than its own), a read
 * file without a proposal (or with another amount than its text says).
 */
export function readingProblems(file: HostileFile, stored: StoredFile): string[] {
  const { reading, reasons, amount } = file.expected;
  if (stored.status === "reading") return ["still reading"];
  const problems: string[] = [];
  if (reading !== undefined && stored.status !== reading) {
    problems.push(`ended ${stored.status} (${stored.error ?? "no error"}), expected ${reading}`);
  }
  if (stored.status === "unreadable") {
    if (stored.error === null || stored.error === "") problems.push("unreadable without a reason");
    else if (reasons !== undefined && !reasons.some((reason) => stored.error?.startsWith(reason))) {
      problems.push(`unreadable because "${stored.error}", expected ${reasons.join(" or ")}`);
    }
    if (stored.proposal !== null) problems.push("unreadable, with a proposal");
    return problems;
  }
  if (stored.proposal === null) problems.push("read, without a proposal");
  if (amount !== undefined && stored.proposal?.amount !== amount) {
    problems.push(`read as ${String(stored.proposal?.amount)}, its text says ${amount}`);
  }
  return problems;
}
