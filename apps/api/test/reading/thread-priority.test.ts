// Issue 21's bench: the reading threads give way to the API's event loop. On Linux, the threads a
// reading starts (the reading thread, and the OCR engine's thread it starts in turn) run at
// READING_NICE; every other thread of the process keeps the API's priority, libuv's pool (which
// serves the API's gzip, crypto and files too) included, though it may start only now.
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type TextExtractor, createTextExtractor } from "../../src/reading/extract-text.js";
import { READING_NICE } from "../../src/reading/thread-priority.js";
import { NORTHWIND_BILL, billPhoto } from "../support/reading-documents.js";

interface ThreadOfOurs {
  tid: string;
  name: string;
  nice: number;
}

/** This process's threads, from /proc/self/task/<tid>/stat (the name is field 2, nice field 19). */
function threads(): ThreadOfOurs[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // The fields after the name, which may hold spaces, start at field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { tid, name, nice: Number(fields[19 - 3]) };
  });
}

describe.runIf(process.platform === "linux")("the reading threads' priority", () => {
  let extractor: TextExtractor | undefined;
  afterAll(() => extractor?.close());

  it("is lowered for the reading thread and the OCR engine's thread it starts, and no other", async () => {
    const photo = billPhoto();
    const before = new Set(threads().map((thread) => thread.tid));
    const ownNice = threads().find((thread) => thread.name === "MainThread")?.nice;

    extractor = createTextExtractor();
    const read = await extractor.extract(photo, "png");

    expect(read.text).toContain(NORTHWIND_BILL[0]);
    const started = threads().filter((thread) => !before.has(thread.tid));
    const readers = started.filter((thread) => thread.name === "WorkerThread");
    expect(readers.length).toBeGreaterThanOrEqual(2);
    for (const reader of readers) expect(reader.nice).toBe(READING_NICE);
    const readerIds = new Set(readers.map((reader) => reader.tid));
    const others = threads().filter((thread) => !readerIds.has(thread.tid));
    expect(others.map((thread) => `${thread.name} ${thread.nice}`)).toEqual(
      others.map((thread) => `${thread.name} ${ownNice}`),
    );
  });
});
