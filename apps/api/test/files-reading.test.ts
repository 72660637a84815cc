// Issue 21, decisions D12, D14: an uploaded file is read in the background by the job engine
// (pg-boss on this suite's database), never on the API's event loop: it ends "read" with a
// proposal, or "unreadable" with a reason the person can read, never a 500 and never a dead
// worker. The API queues the reading through its own sender, which wakes the workers at once;
// a file left "reading" by a crash (a claim whose worker died, or a job never queued) is read
// again when a worker starts, once in effect however many jobs ask for it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileProposalSchema, type StoredFile } from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fileStoreOf } from "../src/db/files.js";
import { openPglite } from "../src/db/pglite.js";
import { files } from "../src/db/schema.js";
import { encryptFile } from "../src/files/file-encryption.js";
import { type JobEngine, startJobEngine } from "../src/jobs/job-engine.js";
import { MAX_READ_ATTEMPTS, NO_TEXT } from "../src/jobs/file-reading.js";
import { type ExtractedText, UnreadableDocumentError } from "../src/reading/extract-text.js";
import { docxBill, jpegBill, pdfBill } from "./support/documents.js";
import { fakeExtractor } from "./support/fake-extractor.js";
import { get } from "./support/http.js";
import { type TestApp, createTestApp, signInAs } from "./support/test-app.js";
import { openTestDatabase, testEngine } from "./support/test-database.js";
import { upload } from "./support/uploads.js";

/** What a person waits for at most while "Reading..." shows. */
const WAIT = { timeout: 30_000, interval: 100 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  return { id: user.id, token: tokens.access_token };
}

async function fileOf(token: string, id: number): Promise<StoredFile> {
  const res = await get(t.app, `/files/${id}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as StoredFile;
}

/** Waits until reading the file has ended, as the web app's "Reading..." does. */
async function readingEnded(token: string, id: number): Promise<StoredFile> {
  return vi.waitFor(async () => {
    const file = await fileOf(token, id);
    expect(file.status).not.toBe("reading");
    return file;
  }, WAIT);
}

const BILL_TEXT: ExtractedText = {
  text: "Northern Water\nAmount due: £84.20\nPlease pay by 12/01/2027",
  method: "pdf-text",
  pages: 1,
  unsure: false,
};

/** A bill whose letterhead is a logo: its first line of text is the person it is sent to. */
const LOGO_LETTERHEAD_BILL = [
  "John Miller",
  "2847 Oak Street, Apt 5",
  "Portland, OR 97205",
  "Your water bill",
  "Amount due $67.15",
  "Due by 12/09/2026",
  "Cedar Valley Water Co, 100 River Rd, Portland OR 97201",
];

async function withEngine<T>(
  options: Parameters<typeof startJobEngine>[1],
  run: (engine: JobEngine) => Promise<T>,
): Promise<T> {
  const engine = await startJobEngine(t.deps, { schedule: false, ...options });
  try {
    return await run(engine);
  } finally {
    await engine.stop();
  }
}

describe("reading an uploaded file in the background", () => {
  it("reads a PDF and a DOCX to 'read' with a proposal drawn from their text", async () => {
    const { token } = await person();
    await withEngine({ pollingIntervalSeconds: 0.5 }, async () => {
      for (const bytes of [await pdfBill(), await docxBill()]) {
        const { status, file } = await upload(t.app, token, bytes);
        expect(status).toBe(201);
        expect(file.status).toBe("reading");
        const read = await readingEnded(token, file.id);
        expect(read.status, read.error ?? "").toBe("read");
        expect(read.error).toBeNull();
        const proposal = FileProposalSchema.parse(read.proposal);
        expect(JSON.stringify(proposal)).toContain("Northern Water");
        // The list answers it the same way.
        const list = await get(t.app, "/files/", { token });
        expect(list.text).toContain(JSON.stringify(read));
      }
    });
  });

  it("ends a file that cannot be read 'unreadable' with the reason, and goes on reading others", async () => {
    const { token } = await person();
    const damaged = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 0x2a)]);
    await withEngine({ pollingIntervalSeconds: 0.5 }, async () => {
      const { file } = await upload(t.app, token, damaged, { name: "damaged.pdf" });
      const ended = await readingEnded(token, file.id);
      expect(ended).toMatchObject({ status: "unreadable", proposal: null });
      expect(ended.error).toEqual(expect.any(String));
      expect(ended.error?.length).toBeGreaterThan(10);
      const next = await upload(t.app, token, await pdfBill());
      expect((await readingEnded(token, next.file.id)).status).toBe("read");
    });
  });

  it("ends a file with no text in it 'unreadable', saying so, rather than proposing guesses", async () => {
    const { token } = await person();
    const { extractor } = fakeExtractor(() =>
      Promise.resolve({ text: " \n\f ", method: "ocr", pages: 1, unsure: true }),
    );
    await withEngine({ pollingIntervalSeconds: 0.5, extractor }, async () => {
      const { file } = await upload(t.app, token, await pdfBill(), { name: "blank.pdf" });
      expect(await readingEnded(token, file.id)).toMatchObject({
        status: "unreadable",
        proposal: null,
        error: NO_TEXT,
      });
    });
  });

  it("starts reading at once: a job sent by the API wakes the workers, without waiting for their poll", async () => {
    const { token } = await person();
    const { extractor } = fakeExtractor(() => Promise.resolve(BILL_TEXT));
    // A poll every 30 s: only the notification can explain a reading within a few seconds.
    await withEngine({ pollingIntervalSeconds: 30, extractor }, async () => {
      const started = performance.now();
      const { file } = await upload(t.app, token, await pdfBill());
      expect((await readingEnded(token, file.id)).status).toBe("read");
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  });

  it("reads a PDF sent while photos wait for their OCR at once, in a lane of its own", async () => {
    const { token } = await person();
    const { promise: photosHeld, resolve: release } = Promise.withResolvers<undefined>();
    // Photos that take as long as the test says; any other file is read at once.
    const { extractor, calls } = fakeExtractor(async (kind) => {
      if (kind === "jpeg") await photosHeld;
      return BILL_TEXT;
    });
    await withEngine({ pollingIntervalSeconds: 0.5, extractor }, async () => {
      const photos: StoredFile[] = [];
      for (const n of [1, 2, 3]) {
        photos.push((await upload(t.app, token, jpegBill(), { name: `bill-${n}.jpg` })).file);
      }
      // The photos' worker has taken what it takes at once; the third waits behind them.
      await vi.waitFor(() => {
        expect(calls.filter((kind) => kind === "jpeg").length).toBeGreaterThan(0);
      }, WAIT);

      const { file } = await upload(t.app, token, await pdfBill());

      expect((await readingEnded(token, file.id)).status).toBe("read");
      for (const photo of photos) expect((await fileOf(token, photo.id)).status).toBe("reading");
      release(undefined);
      for (const photo of photos) expect((await readingEnded(token, photo.id)).status).toBe("read");
    });
  });

  it("retries a reading that failed unexpectedly, and settles the file 'unreadable' after the last try", async () => {
    const { token } = await person();
    let failures = 0;
    const { extractor, calls } = fakeExtractor(() => {
      failures += 1;
      return Promise.reject(new Error("the reader's thread went away"));
    });
    await withEngine(
      { pollingIntervalSeconds: 0.5, extractor, fileReadRetryDelaySeconds: 1 },
      async () => {
        const { file } = await upload(t.app, token, await pdfBill());
        const ended = await readingEnded(token, file.id);
        expect(ended).toMatchObject({
          status: "unreadable",
          error: "Something went wrong while reading this file.",
        });
        expect(calls).toHaveLength(3);
        expect(failures).toBe(3);
      },
    );
  });
});

describe("the server's start", () => {
  it("starts the API's sender and the job engine at once on a fresh database, as the server does", async () => {
    // In a data directory, as the server runs PGlite: slower than in memory, where the two
    // starts did not happen to overlap.
    const dataDir = mkdtempSync(join(tmpdir(), "life-admin-start-"));
    const database = testEngine === "pglite" ? await openPglite(dataDir) : await openTestDatabase();
    const fresh = await createTestApp({ database });
    try {
      const { extractor } = fakeExtractor(() => Promise.resolve(BILL_TEXT));
      // In the server's order: the engine, then the sender, neither waiting for the other.
      const starting = startJobEngine(fresh.deps, { extractor, pollingIntervalSeconds: 0.5 });
      fresh.deps.jobs.start();
      const engine = await starting;
      try {
        const { tokens } = await signInAs(fresh.deps);
        const { file } = await upload(fresh.app, tokens.access_token, await pdfBill());
        await vi.waitFor(async () => {
          const res = await get(fresh.app, `/files/${file.id}`, { token: tokens.access_token });
          expect(res.body).toMatchObject({ status: "read" });
        }, WAIT);
      } finally {
        await engine.stop();
      }
    } finally {
      await fresh.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a file left 'reading' by a crash", () => {
  /** A file stored as an upload stores it, with no job queued for it (the process died first). */
  async function storedWithoutJob(
    userId: number,
    claim?: { leaseSecondsLeft: number; attempts: number },
  ) {
    const store = fileStoreOf(t.deps.database);
    const id = await store.nextId();
    const bytes = await pdfBill();
    const encrypted = encryptFile(t.deps.filesKey, bytes, { userId, fileId: id });
    const file = {
      id,
      userId,
      name: "bill.pdf",
      contentType: "application/pdf" as const,
      size: bytes.length,
    };
    await store.insert(file, encrypted, Number.MAX_SAFE_INTEGER);
    if (claim !== undefined) {
      await t.deps.database.db
        .update(files)
        .set({
          leaseJob: randomUUID(),
          leaseUntil: sql`now() + make_interval(secs => ${claim.leaseSecondsLeft})`,
          readAttempts: claim.attempts,
        })
        .where(eq(files.id, id));
    }
    return id;
  }

  it("is read again when a worker starts: one never queued at once, one whose worker died when its claim runs out", async () => {
    const { id: userId, token } = await person();
    const neverQueued = await storedWithoutJob(userId);
    const claimRanOut = await storedWithoutJob(userId, { leaseSecondsLeft: -5, attempts: 1 });
    const stillClaimed = await storedWithoutJob(userId, { leaseSecondsLeft: 3, attempts: 1 });
    const { extractor, calls, contexts } = fakeExtractor(() => Promise.resolve(BILL_TEXT));
    // As a process starts: it sweeps at once.
    await withEngine({ pollingIntervalSeconds: 0.5, extractor, schedule: true }, async () => {
      expect((await readingEnded(token, neverQueued)).status).toBe("read");
      expect((await readingEnded(token, claimRanOut)).status).toBe("read");
      expect((await fileOf(token, stillClaimed)).status).toBe("reading");
      // Queued for when the dead worker's claim ends.
      expect((await readingEnded(token, stillClaimed)).status).toBe("read");
      expect(calls).toHaveLength(3);
      // Read again, each with the owner's name, as when first read: the rules pass over it alike.
      expect(contexts.map((context) => context.personName)).toEqual(Array(3).fill("Test User"));
    });
  });

  it("is read as fast as the reader goes when many wait, not one file a poll per worker", async () => {
    const { id: userId, token } = await person();
    const backlog: number[] = [];
    for (let i = 0; i < 20; i += 1) backlog.push(await storedWithoutJob(userId));
    const { extractor, calls } = fakeExtractor(() => Promise.resolve(BILL_TEXT));
    // A poll every 10 s: a worker that waited for its poll after each file (as it did, suite 15
    // found: two files a poll, a backlog of 500 read in minutes) would take 100 s for these 20.
    await withEngine({ pollingIntervalSeconds: 10, extractor }, async (engine) => {
      const swept = performance.now();
      await engine.sweepFiles();
      for (const id of backlog) expect((await readingEnded(token, id)).status).toBe("read");
      expect(performance.now() - swept).toBeLessThan(10_000);
      expect(calls).toHaveLength(backlog.length);
    });
  });

  it("is read once in effect, however many workers and sweeps ask for it", async () => {
    const { id: userId, token } = await person();
    const ids = [
      await storedWithoutJob(userId),
      await storedWithoutJob(userId),
      await storedWithoutJob(userId),
    ];
    const gate = Promise.withResolvers<undefined>();
    const { extractor, calls } = fakeExtractor(async () => {
      await gate.promise;
      return BILL_TEXT;
    });
    const options = { pollingIntervalSeconds: 0.5, extractor };
    // Two processes' engines on one database, each sweeping several times while reading.
    await withEngine(options, (one) =>
      withEngine(options, async (two) => {
        for (let i = 0; i < 3; i += 1) {
          await one.sweepFiles();
          await two.sweepFiles();
        }
        await vi.waitFor(() => {
          expect(calls.length).toBeGreaterThanOrEqual(ids.length);
        }, WAIT);
        await one.sweepFiles();
        await two.sweepFiles();
        gate.resolve(undefined);
        for (const id of ids) expect((await readingEnded(token, id)).status).toBe("read");
        await one.sweepFiles();
        await two.sweepFiles();
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }),
    );
    expect(calls).toHaveLength(ids.length);
    const rows = await t.deps.database.db
      .select({ attempts: files.readAttempts })
      .from(files)
      .where(eq(files.userId, userId));
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
  });

  it(`is given up on once its reading has stopped the reader ${MAX_READ_ATTEMPTS} times`, async () => {
    const { id: userId, token } = await person();
    const poison = await storedWithoutJob(userId, {
      leaseSecondsLeft: -1,
      attempts: MAX_READ_ATTEMPTS,
    });
    const { extractor, calls } = fakeExtractor(() => Promise.resolve(BILL_TEXT));
    await withEngine({ pollingIntervalSeconds: 0.5, extractor, schedule: true }, async () => {
      const ended = await readingEnded(token, poison);
      expect(ended).toMatchObject({ status: "unreadable", proposal: null });
      expect(ended.error).toContain("given up");
      expect(calls).toHaveLength(0);
    });
  });
});

describe("the person's own name", () => {
  it("is never taken for the biller, when the letterhead is a logo and the letter opens with it", async () => {
    const { tokens } = await signInAs(t.deps, { fullName: "John Miller" });
    const token = tokens.access_token;
    await withEngine({ pollingIntervalSeconds: 0.5 }, async () => {
      const { file } = await upload(t.app, token, await pdfBill(LOGO_LETTERHEAD_BILL));
      const read = await readingEnded(token, file.id);
      expect(read.status, read.error ?? "").toBe("read");
      expect(FileProposalSchema.parse(read.proposal)).toMatchObject({
        kind: "task",
        task: { title: "Pay water bill (Cedar Valley Water Co)" },
      });
    });
  });
});

describe("the extractor's refusal", () => {
  it("is the reason the person reads", async () => {
    const { token } = await person();
    const { extractor } = fakeExtractor(() =>
      Promise.reject(new UnreadableDocumentError("No text was found in this file.")),
    );
    await withEngine({ pollingIntervalSeconds: 0.5, extractor }, async () => {
      const { file } = await upload(t.app, token, await pdfBill());
      expect(await readingEnded(token, file.id)).toMatchObject({
        status: "unreadable",
        error: "No text was found in this file.",
        proposal: null,
      });
    });
  });
});
