// Files kept being read: `count` uploaders, each sending a document, waiting for it to be read
// (asking every `pollMs`, as the Upload dialog waits) and sending the next at once, so that
// `count` of the person's files are "reading" at any moment. stop() lets each finish the file in
// hand, so that nothing is still being read once it resolves.
import type { CorpusDocument } from "./uploads.js";
import { untilRead, upload } from "./uploads.js";

export interface FilesBeingRead {
  /** Resolves once every uploader has had its first file answered 201. */
  started: Promise<void>;
  /** Files read so far. */
  read(): number;
  /** Stops sending; resolves once the files in hand are read. */
  stop(): Promise<void>;
}

export function keepFilesBeingRead(
  apiUrl: string,
  token: string,
  documents: readonly CorpusDocument[],
  options: { count: number; pollMs: number; timeoutMs: number },
): FilesBeingRead {
  let stopping = false;
  let read = 0;
  let next = 0;
  const firstSent: Promise<void>[] = [];
  const uploaders = Array.from({ length: options.count }, (_, i) => {
    let sent: () => void = () => undefined;
    firstSent[i] = new Promise((resolve) => {
      sent = resolve;
    });
    return (async () => {
      while (!stopping) {
        const document = documents[next++ % documents.length];
        if (document === undefined) throw new Error("no documents to read");
        const file = await upload(apiUrl, token, document);
        sent();
        await untilRead(apiUrl, token, file, options);
        read += 1;
      }
    })();
  });
  // An uploader that fails ends the run: its error comes out of stop() (or started).
  const failed = Promise.all(uploaders).then(() => undefined);
  return {
    started: Promise.race([Promise.all(firstSent).then(() => undefined), failed]),
    read: () => read,
    async stop() {
      stopping = true;
      await failed;
    },
  };
}
