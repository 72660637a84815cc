// decisions D12: how the API queues a file's reading, whether or not this process runs workers
// (WORKERS=off: a `worker` process elsewhere reads it). A pg-boss of its own that only sends,
// started on first use (or at start-up: `start`), so that an app that never uploads never starts
// it. The job wakes the workers at once wherever they run (the queue's `notify`); a send that
// fails leaves the file "reading", and the job engine's sweep queues it instead.
import type { PgBoss } from "pg-boss";
import type { JobStore } from "../db/database.js";
import type { FileRow } from "../db/schema.js";
import { READ_FILE, READ_FILE_QUEUE, type ReadFileJob, readPriority } from "./file-reading.js";
import { bossFor, startBoss } from "./pg-boss.js";

export interface JobSender {
  /** Queues the reading of a file just stored, in its lane (by what it was stored as). */
  readFile(file: Pick<FileRow, "id" | "contentType">): Promise<void>;
  /** Starts the sender now instead of on the first send; a failure is left for that send. */
  start(): void;
  /** Waits for the sends in flight and stops the sender (if it ever started). */
  stop(): Promise<void>;
}

export function createJobSender(store: JobStore): JobSender {
  let starting: Promise<PgBoss> | null = null;
  const inFlight = new Set<Promise<unknown>>();

  const boss = () => {
    starting ??= (async () => {
      const sender = bossFor(store, "send");
      // A send that fails is retried through the sweep; its error reaches the caller.
      sender.on("error", () => undefined);
      await startBoss(sender, store);
      await sender.createQueue(READ_FILE, READ_FILE_QUEUE);
      return sender;
    })();
    // A start that failed is tried again by the next send.
    starting.catch(() => {
      starting = null;
    });
    return starting;
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  return {
    async readFile({ id, contentType }) {
      const job: ReadFileJob = { fileId: id };
      const options = { singletonKey: String(id), priority: readPriority(contentType) };
      await track(boss().then((sender) => sender.send(READ_FILE, job, options)));
    },
    start() {
      void track(boss()).catch(() => undefined);
    },
    async stop() {
      await Promise.allSettled([...inFlight]);
      const started = starting;
      starting = null;
      if (started !== null) await (await started.catch(() => null))?.stop({ graceful: false });
    },
  };
}
