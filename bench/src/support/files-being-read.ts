// Files kept being read: `count` uploaders, each sending a document, waiting for it to be read
// (asking every `pollMs`, as the Upload dialog waits) and sending the next at once, so that
// `count` of the person's files are "reading" at any moment. stop() lets each finish the file in
// hand, so that nothing is still being read once it resolves.
//
// The uploaders run in a process of their own (uploaders-process.ts): their uploads and polls,
// each a few hundred kB of multipart body and JSON, would otherwise run on the event loop that
// times the requests measured beside them, and a request answered while that loop was busy
// would count the bench's own wait as the API's.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CorpusDocument } from "./uploads.js";

export interface FilesBeingRead {
  /** Resolves once every uploader has had its first file answered 201. */
  started: Promise<void>;
  /** Files read so far. */
  read(): number;
  /** Stops sending; resolves once the files in hand are read. */
  stop(): Promise<void>;
}

export interface UploadersOptions {
  count: number;
  pollMs: number;
  timeoutMs: number;
}

/** What the bench tells the uploaders' process. */
export type ToUploaders =
  | {
      type: "start";
      apiUrl: string;
      token: string;
      documents: readonly CorpusDocument[];
      options: UploadersOptions;
    }
  | { type: "stop" };

/** What the uploaders' process tells the bench. */
export type FromUploaders =
  { type: "sent" } | { type: "read" } | { type: "stopped" } | { type: "failed"; message: string };

const uploadersProcess = fileURLToPath(new URL("./uploaders-process.ts", import.meta.url));

export function keepFilesBeingRead(
  apiUrl: string,
  token: string,
  documents: readonly CorpusDocument[],
  options: UploadersOptions,
): FilesBeingRead {
  const child = fork(uploadersProcess, [], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let read = 0;
  let firstSent = 0;
  const started = Promise.withResolvers<undefined>();
  const stopped = Promise.withResolvers<undefined>();
  // An uploader that fails, or a process that ends before it was told to, ends the run: the
  // error comes out of started or stop().
  const failed = Promise.withResolvers<never>();
  failed.promise.catch(() => undefined);
  child.on("message", (message: FromUploaders) => {
    if (message.type === "sent" && ++firstSent === options.count) started.resolve(undefined);
    else if (message.type === "read") read += 1;
    else if (message.type === "stopped") stopped.resolve(undefined);
    else if (message.type === "failed") failed.reject(new Error(message.message));
  });
  child.once("exit", (code, signal) => {
    failed.reject(new Error(`the uploaders' process ended (${signal ?? `exit code ${code}`})`));
  });
  child.once("error", failed.reject);
  const tell = (message: ToUploaders) => child.send(message);
  tell({ type: "start", apiUrl, token, documents, options });
  return {
    started: Promise.race([started.promise, failed.promise]),
    read: () => read,
    async stop() {
      tell({ type: "stop" });
      try {
        await Promise.race([stopped.promise, failed.promise]);
      } finally {
        child.disconnect();
      }
    },
  };
}
