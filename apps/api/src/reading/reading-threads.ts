// The worker threads that read files (reading-thread.ts), one file at a time each. A thread that
// takes longer than the timeout is terminated, one that dies (an uncaught error, or its heap past
// `resourceLimits`: ERR_WORKER_OUT_OF_MEMORY) is dropped, and either is replaced when a file next
// waits; the file is answered "failed" and the API process never notices. Threads are started on
// demand and kept while files keep coming, so the OCR engine each one starts once serves every
// later file; one left idle for `idleMs` ends, and gives its memory back (some 200 MB with OCR).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileProposal, ProposalContext } from "@life-admin/domain/reading";
import type { DocumentKind, ExtractedText } from "./document-text.js";
import { startThreadPoolHere } from "./thread-priority.js";

/** What a thread may spend on one file; see TextExtractorOptions. */
export interface ReadingLimits {
  maxPixels: number;
  maxPages: number;
  maxOcrPages: number;
  maxUnzippedBytes: number;
}

export interface ReadingRequest {
  bytes: Uint8Array;
  kind: DocumentKind;
  limits: ReadingLimits;
  /** What a proposal is made with, besides the text; null for the text alone. */
  proposing: ProposalContext | null;
}

/** A thread's answer: the reading, or why the file cannot be read (and the library's own words). */
export type ReadingReply =
  | { outcome: "read"; text: ExtractedText; proposal: FileProposal | null }
  | { outcome: "unreadable"; reason: string; detail?: string };

export type ThreadFailure = "timeout" | "crash";

/** The pool's answer: the thread's, or what happened to the thread. */
export type ReadingOutcome =
  ReadingReply | { outcome: "failed"; failure: ThreadFailure; detail?: string };

/** Between the pool and a thread. */
export type ToThread = ReadingRequest & { id: number };
export type FromThread = { type: "ready" } | { type: "reply"; id: number; reply: ReadingReply };

export interface ReadingThreadsOptions {
  size: number;
  timeoutMs: number;
  idleMs: number;
  maxHeapMb: number;
}

interface Waiting {
  request: ReadingRequest;
  resolve: (outcome: ReadingOutcome) => void;
  reject: (error: Error) => void;
}

interface Reading extends Waiting {
  id: number;
  timer: NodeJS.Timeout;
}

interface ReadingThread {
  worker: Worker;
  ready: boolean;
  reading: Reading | undefined;
  /** Set while the thread is idle: when it fires, the thread ends. */
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * The built server runs dist/reading-thread.js (a tsup entry of its own); from src/ (tsx, vitest)
 * the thread runs the TypeScript through tsx, which the API has only as a dev dependency.
 */
function threadScript(): { url: URL; execArgv: string[] | undefined } {
  if (!import.meta.url.endsWith(".ts")) {
    return { url: new URL("./reading-thread.js", import.meta.url), execArgv: undefined };
  }
  const url = new URL("./reading-thread.ts", import.meta.url);
  if (process.execArgv.some((arg) => arg.includes("tsx"))) return { url, execArgv: undefined };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { url, execArgv: [...process.execArgv, "--import", tsx] };
}

export class ReadingThreads {
  readonly #options: ReadingThreadsOptions;
  readonly #threads = new Set<ReadingThread>();
  #waiting: Waiting[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: ReadingThreadsOptions) {
    this.#options = options;
  }

  read(request: ReadingRequest): Promise<ReadingOutcome> {
    if (this.#closed) return Promise.reject(new Error("The text extractor is closed"));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closed = new Error("The text extractor is closed");
    for (const waiting of this.#waiting) waiting.reject(closed);
    this.#waiting = [];
    const threads = [...this.#threads];
    this.#threads.clear();
    for (const thread of threads) {
      clearTimeout(thread.idleTimer);
      if (thread.reading === undefined) continue;
      clearTimeout(thread.reading.timer);
      thread.reading.reject(closed);
      thread.reading = undefined;
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** Gives waiting files to idle threads, and starts threads for the rest, up to the size. */
  #dispatch(): void {
    for (const thread of this.#threads) {
      if (this.#waiting.length === 0) break;
      if (thread.ready && thread.reading === undefined) this.#start(thread);
    }
    const starting = [...this.#threads].filter((thread) => !thread.ready).length;
    let wanted = this.#waiting.length - starting;
    while (wanted > 0 && this.#threads.size < this.#options.size) {
      this.#spawn();
      wanted--;
    }
  }

  #start(thread: ReadingThread): void {
    const waiting = this.#waiting.shift();
    if (waiting === undefined) return;
    const id = this.#nextId++;
    const timer = setTimeout(() => {
      this.#finish(thread, { outcome: "failed", failure: "timeout" });
      this.#drop(thread);
    }, this.#options.timeoutMs);
    thread.reading = { ...waiting, id, timer };
    clearTimeout(thread.idleTimer);
    thread.worker.ref();
    const message: ToThread = { ...waiting.request, id };
    thread.worker.postMessage(message);
  }

  /** Answers the file the thread was reading, if any, and leaves the thread idle. */
  #finish(thread: ReadingThread, outcome: ReadingOutcome): void {
    const reading = thread.reading;
    if (reading === undefined) return;
    clearTimeout(reading.timer);
    thread.reading = undefined;
    this.#idle(thread);
    reading.resolve(outcome);
  }

  #idle(thread: ReadingThread): void {
    // An idle thread must not keep a process alive that has nothing else to do.
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      if (thread.reading === undefined) this.#drop(thread);
    }, this.#options.idleMs);
    thread.idleTimer.unref();
  }

  #drop(thread: ReadingThread): void {
    clearTimeout(thread.idleTimer);
    if (!this.#threads.delete(thread)) return;
    void thread.worker.terminate();
    this.#dispatch();
  }

  #spawn(): void {
    // The thread lowers its own priority as it starts (thread-priority.ts): not the shared pool's.
    startThreadPoolHere();
    const script = threadScript();
    const worker = new Worker(script.url, {
      execArgv: script.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb },
    });
    const thread: ReadingThread = {
      worker,
      ready: false,
      reading: undefined,
      idleTimer: undefined,
    };
    this.#threads.add(thread);
    let death: Error | undefined;
    worker.on("message", (message: FromThread) => {
      if (message.type === "ready") {
        thread.ready = true;
        this.#dispatch();
        if (thread.reading === undefined) this.#idle(thread);
        return;
      }
      if (message.id === thread.reading?.id) this.#finish(thread, message.reply);
      this.#dispatch();
    });
    worker.on("error", (error: Error) => {
      death = error;
    });
    worker.on("exit", () => {
      if (!this.#threads.has(thread)) return; // dropped on purpose: its file is already answered
      this.#threads.delete(thread);
      if (!thread.ready) {
        // A thread that cannot even start would fail every file the same way: the server's fault.
        const cause = death ?? new Error("The reading thread stopped before it started");
        const failure = new Error("The reading thread could not start", { cause });
        for (const waiting of this.#waiting) waiting.reject(failure);
        this.#waiting = [];
        return;
      }
      this.#finish(thread, { outcome: "failed", failure: "crash", detail: death?.message });
      this.#dispatch();
    });
  }
}
