// A worker thread of reading-threads.ts: reads one file at a time and answers with its text and the
// proposal made from it, or with why it cannot be read. Whatever a file does in here costs this
// thread, not the API.
import { parentPort } from "node:worker_threads";
import { UnreadableDocumentError } from "./document-text.js";
import { proposalOf } from "./proposal-of.js";
import { readDocument } from "./read-document.js";
import type { FromThread, ReadingReply, ToThread } from "./reading-threads.js";
import { lowerThisThreadsPriority } from "./thread-priority.js";

const port = parentPort;
if (port === null) throw new Error("reading-thread runs as a worker thread of reading-threads");

async function replyTo(request: ToThread): Promise<ReadingReply> {
  try {
    const text = await readDocument(request.bytes, request.kind, request.limits);
    // Made here rather than on the API's thread: see DocumentReading.
    const proposal = request.proposing === null ? null : proposalOf(text, request.proposing);
    return { outcome: "read", text, proposal };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      return { outcome: "unreadable", reason: error.message, detail: detailOf(error.cause) };
    }
    // A failure no reader foresaw: still the file's answer, never the API's 500.
    return {
      outcome: "unreadable",
      reason: "This file could not be read.",
      detail: detailOf(error),
    };
  }
}

function detailOf(error: unknown): string | undefined {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === "string" ? error : undefined;
}

port.on("message", (request: ToThread) => {
  void replyTo(request).then((reply) => {
    const message: FromThread = { type: "reply", id: request.id, reply };
    port.postMessage(message);
  });
});
// Before the OCR engine's thread is started from here, so that it runs at this priority too.
lowerThisThreadsPriority();
const ready: FromThread = { type: "ready" };
port.postMessage(ready);
