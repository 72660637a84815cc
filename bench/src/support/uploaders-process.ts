// The uploaders of files-being-read.ts, in their own process (see there): told to start, each
// sends a document, waits for it to be read and sends the next, until told to stop; then each
// finishes the file in hand and the process says so and ends.
import type { FromUploaders, ToUploaders } from "./files-being-read.js";
import { untilRead, upload } from "./uploads.js";

const tell = (message: FromUploaders) => process.send?.(message);

let stopping = false;
let next = 0;

async function uploadAll(start: Extract<ToUploaders, { type: "start" }>): Promise<void> {
  const { apiUrl, token, documents, options } = start;
  const uploaders = Array.from({ length: options.count }, async () => {
    let first = true;
    while (!stopping) {
      const document = documents[next++ % documents.length];
      if (document === undefined) throw new Error("no documents to read");
      const file = await upload(apiUrl, token, document);
      if (first) tell({ type: "sent" });
      first = false;
      await untilRead(apiUrl, token, file, options);
      tell({ type: "read" });
    }
  });
  await Promise.all(uploaders);
}

let running: Promise<void> | null = null;
process.on("message", (message: ToUploaders) => {
  if (message.type === "start") {
    running = uploadAll(message).catch((error: unknown) => {
      tell({ type: "failed", message: error instanceof Error ? error.message : String(error) });
      process.exitCode = 1;
      process.disconnect();
    });
  } else {
    stopping = true;
    void running?.then(() => {
      tell({ type: "stopped" });
    });
  }
});
// The bench went away: so do the uploaders.
process.once("disconnect", () => {
  stopping = true;
  void running?.finally(() => process.exit());
  if (running === null) process.exit();
});
