// Issue 22: GET /users/me/export as the person and their spreadsheet, calendar and unzip see it.
// The ZIP is read back with yauzl: data.json holds, by AccountArchiveSchema, exactly what was made
// through the API (records named by uid, files linked by uid), the CSVs read back with csv-parse
// to the same rows (a comma, a quote, a line break, non-ASCII, and a formula made harmless), the
// calendar is the person's feed, the files are their bytes; nobody else's data, ever.
import { createHash } from "node:crypto";
import {
  AccountArchiveSchema,
  type AccountArchive,
  archiveFilePath,
} from "@life-admin/domain/archive";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { fileContents, taskCompletions, tasks } from "../src/db/schema.js";
import { EXPORT_PAGE_ROWS } from "../src/db/own-record-pages.js";
import { encryptFile } from "../src/files/file-encryption.js";
import { isReleasedOnceWritten } from "../src/released-memory.js";
import { spreadsheetText } from "../src/export/archive-csv.js";
import { jpegBill, pngBill } from "./support/documents.js";
import { call, get, post } from "./support/http.js";
import { calendarOf } from "./support/ical.js";
import { signInAs, useTestApp } from "./support/test-app.js";
import { importForm } from "./support/account-archives.js";
import { downloadSlowly } from "./support/slow-download.js";
import { recordingResponses } from "./support/recorded-responses.js";
import { upload } from "./support/uploads.js";
import { type ZipEntryRead, zipEntries } from "./support/zip-entries.js";

const NOW = new Date("2026-11-27T23:30:00Z");
let clock = NOW;
const t = useTestApp({ now: () => clock });
beforeEach(() => {
  clock = NOW;
});

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  const token = tokens.access_token;
  const created = async (path: string, body: object) => {
    const res = await post(t.app, path, { token, body });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number };
  };
  return {
    user,
    token,
    task: (body: object) => created("/tasks/", body),
    subscription: (body: object) => created("/subscriptions/", body),
  };
}

interface Export {
  bytes: Uint8Array;
  status: number;
  headers: Headers;
  entries: Map<string, ZipEntryRead>;
  archive: AccountArchive;
  text: (name: string) => string;
}

/** A photo's start around a pattern: a megabyte the download must take before the next file. */
function megabytePhoto(): Uint8Array {
  const photo = new Uint8Array(1_000_000).map((_, i) => (i * 7919) % 251);
  photo.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return photo;
}

/** The export's ZIP read back: its entries, data.json by AccountArchiveSchema, an entry's text. */
async function exportRead(bytes: Uint8Array): Promise<Omit<Export, "status" | "headers">> {
  const entries = await zipEntries(bytes);
  const text = (name: string) => {
    const entry = entries.get(name);
    if (entry === undefined) throw new Error(`no ${name} in the ZIP`);
    return entry.bytes.toString("utf8");
  };
  const archive = AccountArchiveSchema.parse(JSON.parse(text("data.json")));
  return { bytes, entries, archive, text };
}

async function exportOf(token: string, headers: Record<string, string> = {}): Promise<Export> {
  const res = await t.app.request("/users/me/export", {
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  expect(res.status).toBe(200);
  const read = await exportRead(new Uint8Array(await res.arrayBuffer()));
  return { ...read, status: res.status, headers: res.headers };
}

/** A CSV as a spreadsheet reads it: the header row, then each row by its headers. */
function csvRows(text: string): Record<string, string>[] {
  return parse<Record<string, string>>(text, { bom: true, columns: true });
}

const COUNCIL_TAX = {
  title: 'Pay "council" tax, Café ☕',
  due_date: "2099-01-31T09:30:00Z",
  frequency: "Monthly",
  priority: "High",
  notes: 'Reference 1234,\nbring the "letter"',
};
const FORMULA_TASK = {
  title: '=HYPERLINK("https://evil.test","Click")',
  due_date: "2099-02-01T00:00:00Z",
  frequency: "Once",
  priority: "Low",
};
const STREAMING = {
  name: "@Risk streaming",
  cost: 15.99,
  frequency: "Monthly",
  next_renewal_date: "2099-01-31",
  remind_days_before: 7,
  priority: "Medium",
  cancel_link: "https://example.test/cancel",
};

describe("GET /users/me/export", () => {
  it("answers a ZIP to download, named by the person's date, never kept by a cache", async () => {
    const alice = await person();
    // 23:30 UTC on the 27th is already the 28th in Auckland.
    const res = await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "Pacific/Auckland" },
    });
    expect(res.status, res.text).toBe(200);
    const zip = await exportOf(alice.token);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(
      'attachment; filename="life-admin-export-2026-11-28.zip"',
    );
    expect(zip.headers.get("cache-control")).toBe("no-store");
  });

  it("holds the person's settings, tasks with their completions and skips, subscriptions and files, named by uid", async () => {
    const alice = await person();
    const bytes = jpegBill();
    const uploaded = await upload(t.app, alice.token, bytes, { name: "Scan Café.jpg" });
    expect(uploaded.status).toBe(201);
    // Its series ends in June (decisions D9).
    const councilTax = await alice.task({
      ...COUNCIL_TAX,
      repeat_until: "2099-06-30",
      file_id: uploaded.file.id,
    });
    // January's done, February's skipped (decisions D9).
    for (const action of ["complete", "skip"]) {
      const res = await post(t.app, `/tasks/${councilTax.id}/${action}`, { token: alice.token });
      expect(res.status, res.text).toBe(200);
    }
    const edited = await call(t.app, "PATCH", `/tasks/${councilTax.id}`, {
      token: alice.token,
      body: { category: "Home" },
    });
    expect(edited.status, edited.text).toBe(200);
    await alice.task(FORMULA_TASK);
    await alice.subscription({ ...STREAMING, file_id: uploaded.file.id });

    const { archive, entries, text } = await exportOf(alice.token);
    const file = await get(t.app, `/files/${uploaded.file.id}`, { token: alice.token });
    const stored = file.body as { status: string; proposal: unknown; error: string | null };

    expect(archive.format).toBe("life-admin-account");
    expect(archive.version).toBe(4);
    expect(archive.exported_at).toBe("2026-11-27T23:30:00Z");
    expect(archive.user).toEqual({
      email: alice.user.email,
      full_name: "Test User",
      time_zone: "UTC",
      time_zone_chosen: false,
      email_reminders: false,
      reminder_hour: 8,
      currency: null,
    });

    const [archivedFile] = archive.files;
    expect(archive.files).toHaveLength(1);
    expect(archivedFile).toEqual({
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: "Scan Café.jpg",
      content_type: "image/jpeg",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      path: `files/${archivedFile?.uid}/Scan Café.jpg`,
      created_at: uploaded.file.created_at,
      status: stored.status,
      proposal: stored.proposal,
      error: stored.error,
    });
    const fileUid = archivedFile?.uid ?? "";

    const byTitle = new Map(archive.tasks.map((task) => [task.title, task]));
    expect(byTitle.get(COUNCIL_TAX.title)).toEqual({
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      title: COUNCIL_TAX.title,
      notes: COUNCIL_TAX.notes,
      category: "Home",
      due_date: "2099-03-31T09:30:00Z",
      anchor_at: "2099-01-31T09:30:00Z",
      occurrence: 2,
      frequency: "Monthly",
      interval: 1,
      repeat_until: "2099-06-30",
      priority: "High",
      completed: false,
      created_at: expect.any(String) as string,
      file_uid: fileUid,
      completions: [
        {
          due_date: "2099-01-31T09:30:00Z",
          occurrence: 0,
          anchor_at: "2099-01-31T09:30:00Z",
          frequency: "Monthly",
          interval: 1,
          completed_at: "2026-11-27T23:30:00Z",
          skipped: false,
        },
        {
          due_date: "2099-02-28T09:30:00Z",
          occurrence: 1,
          anchor_at: "2099-01-31T09:30:00Z",
          frequency: "Monthly",
          interval: 1,
          completed_at: "2026-11-27T23:30:00Z",
          skipped: true,
        },
      ],
    });
    expect(byTitle.get(FORMULA_TASK.title)).toMatchObject({
      repeat_until: null,
      notes: null,
      category: null,
      file_uid: null,
      completions: [],
    });
    expect(archive.subscriptions).toEqual([
      {
        uid: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        name: STREAMING.name,
        cost: 15.99,
        frequency: "Monthly",
        interval: 1,
        renewal_anchor: "2099-01-31",
        next_renewal_date: "2099-01-31",
        remind_days_before: 7,
        priority: "Medium",
        cancel_link: STREAMING.cancel_link,
        active: true,
        created_at: expect.any(String) as string,
        file_uid: fileUid,
      },
    ]);
    // Named by uid, never by the server's ids.
    expect(text("data.json")).not.toMatch(/"(id|file_id|user_id)":/);

    // The file's own bytes, stored (not deflated) under its archive path.
    const entry = entries.get(archiveFilePath({ uid: fileUid, name: "Scan Café.jpg" }));
    expect(entry?.bytes.equals(bytes)).toBe(true);
    expect(entry?.compressionMethod).toBe(0);
    expect(entries.get("data.json")?.compressionMethod).toBe(8);
    expect([...entries.keys()].sort()).toEqual(
      [
        "calendar.ics",
        "data.json",
        `files/${fileUid}/Scan Café.jpg`,
        "subscriptions.csv",
        "tasks.csv",
      ].sort(),
    );
  });

  it("writes CSVs a spreadsheet reads back to the same rows, formulas made harmless", async () => {
    const alice = await person();
    const uploaded = await upload(t.app, alice.token, pngBill(), { name: "receipt.png" });
    const councilTax = await alice.task({ ...COUNCIL_TAX, file_id: uploaded.file.id });
    await post(t.app, `/tasks/${councilTax.id}/complete`, { token: alice.token });
    // A skip ten minutes later is no completion: "Last completed" stays at the one done.
    clock = new Date(NOW.getTime() + 600_000);
    const skipped = await post(t.app, `/tasks/${councilTax.id}/skip`, { token: alice.token });
    expect(skipped.status, skipped.text).toBe(200);
    await alice.task(FORMULA_TASK);
    await alice.subscription(STREAMING);
    await alice.subscription({
      ...STREAMING,
      name: "Gym, the one by the station",
      cost: 30,
      interval: 3,
      cancel_link: null,
      active: false,
    });

    const { archive, text } = await exportOf(alice.token);
    const taskUid = (title: string) => archive.tasks.find((task) => task.title === title)?.uid;
    const subscriptionUid = (name: string) =>
      archive.subscriptions.find((subscription) => subscription.name === name)?.uid;
    const filePath = archive.files[0]?.path;

    // RFC 4180: CRLF between records, UTF-8 with a byte-order mark for Excel.
    const tasksText = text("tasks.csv");
    expect(tasksText.startsWith("\uFEFFTitle,Notes,Category,Due,")).toBe(true);
    expect(tasksText).toContain("\r\n");
    expect(csvRows(tasksText)).toEqual([
      {
        Title: COUNCIL_TAX.title,
        Notes: COUNCIL_TAX.notes,
        Category: "",
        // The time on the person's clock (D6), not an instant a spreadsheet would shift.
        Due: "2099-03-31 09:30",
        Frequency: "Monthly",
        Interval: "1",
        // No end: the cell is empty.
        "Repeat until": "",
        Priority: "High",
        Completed: "no",
        "Times completed": "1",
        "Times skipped": "1",
        "Last completed": "2026-11-27T23:30:00Z",
        Created: archive.tasks[0]?.created_at,
        File: filePath,
        UID: taskUid(COUNCIL_TAX.title),
      },
      {
        Title: `'${FORMULA_TASK.title}`,
        Notes: "",
        Category: "",
        // A task without a time of day: the day alone.
        Due: "2099-02-01",
        Frequency: "Once",
        Interval: "1",
        "Repeat until": "",
        Priority: "Low",
        Completed: "no",
        "Times completed": "0",
        "Times skipped": "0",
        "Last completed": "",
        Created: archive.tasks[1]?.created_at,
        File: "",
        UID: taskUid(FORMULA_TASK.title),
      },
    ]);
    expect(csvRows(text("subscriptions.csv"))).toEqual([
      {
        Name: `'${STREAMING.name}`,
        Cost: "15.99",
        Currency: "",
        Frequency: "Monthly",
        Interval: "1",
        "Next renewal": "2099-01-31",
        "Reminder days before": "7",
        Priority: "Medium",
        "Cancel link": STREAMING.cancel_link,
        Active: "yes",
        Created: archive.subscriptions[0]?.created_at,
        File: "",
        UID: subscriptionUid(STREAMING.name),
      },
      {
        Name: "Gym, the one by the station",
        Cost: "30.00",
        Currency: "",
        Frequency: "Monthly",
        Interval: "3",
        "Next renewal": "2099-01-31",
        "Reminder days before": "7",
        Priority: "Medium",
        "Cancel link": "",
        Active: "no",
        Created: archive.subscriptions[1]?.created_at,
        File: "",
        UID: subscriptionUid("Gym, the one by the station"),
      },
    ]);
  });

  it("writes the day a task's series ends, and a series that has ended as completed there", async () => {
    const alice = await person();
    // Weekly, its last occurrence on Monday 5 January 2099: done, the series has ended.
    const pills = await alice.task({
      title: "Take the pills",
      due_date: "2099-01-05T08:00:00Z",
      frequency: "Weekly",
      repeat_until: "2099-01-05",
    });
    const done = await post(t.app, `/tasks/${pills.id}/complete`, { token: alice.token });
    expect(done.body).toMatchObject({ completed: true, repeat_until: "2099-01-05" });

    const { archive, text } = await exportOf(alice.token);
    expect(archive.tasks).toMatchObject([
      {
        title: "Take the pills",
        due_date: "2099-01-12T08:00:00Z",
        frequency: "Weekly",
        repeat_until: "2099-01-05",
        completed: true,
        completions: [{ due_date: "2099-01-05T08:00:00Z", skipped: false }],
      },
    ]);
    // Right after how often it repeats, the date a spreadsheet reads as a date.
    const [row] = csvRows(text("tasks.csv"));
    expect(row).toMatchObject({
      Frequency: "Weekly",
      Interval: "1",
      "Repeat until": "2099-01-05",
      Completed: "yes",
    });
    expect(Object.keys(row ?? {}).slice(4, 8)).toEqual([
      "Frequency",
      "Interval",
      "Repeat until",
      "Priority",
    ]);
  });

  it("guards every cell a spreadsheet would run as a formula, and only those", () => {
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(spreadsheetText(formula)).toBe(`'${formula}`);
    }
    for (const text of ["Rent", " =1", "1-2", "a@b.test", "'quoted", ""]) {
      expect(spreadsheetText(text)).toBe(text);
    }
    expect(spreadsheetText(null)).toBe("");
  });

  it("holds the person's calendar feed, event for event", async () => {
    const alice = await person();
    const councilTax = await alice.task(COUNCIL_TAX);
    await alice.task(FORMULA_TASK);
    const done = await alice.task({ ...FORMULA_TASK, title: "Book dentist" });
    await post(t.app, `/tasks/${done.id}/complete`, { token: alice.token });
    await post(t.app, `/tasks/${councilTax.id}/complete`, { token: alice.token });
    await alice.subscription(STREAMING);
    await alice.subscription({ ...STREAMING, name: "Paused", active: false });

    const { text } = await exportOf(alice.token);
    const ics = text("calendar.ics");
    const feed = await get(t.app, "/calendar/feed", { token: alice.token });
    const feedText = (await get(t.app, new URL((feed.body as { url: string }).url).pathname)).text;
    // The same calendar, event for event (the order of events means nothing in iCalendar).
    const parts = (calendar: string) => {
      const events = calendar.split(/(?=BEGIN:VEVENT\r\n)|(?<=END:VEVENT\r\n)/);
      return {
        outside: events.filter((part) => !part.startsWith("BEGIN:VEVENT")),
        events: events.filter((part) => part.startsWith("BEGIN:VEVENT")).sort(),
      };
    };
    expect(parts(ics)).toEqual(parts(feedText));
    expect(parts(ics).events).toHaveLength(3);
    const summaries = calendarOf(ics)
      .getAllSubcomponents("vevent")
      .map((event) => event.getFirstPropertyValue("summary") as string)
      .sort();
    expect(summaries).toEqual(
      [COUNCIL_TAX.title, FORMULA_TASK.title, "Renewal: @Risk streaming ($15.99)"].sort(),
    );
  });

  it("gives an empty account a valid archive", async () => {
    const nobody = await person();
    const { archive, entries, text } = await exportOf(nobody.token);
    expect(archive).toMatchObject({ tasks: [], subscriptions: [], files: [] });
    expect([...entries.keys()].sort()).toEqual(
      ["calendar.ics", "data.json", "subscriptions.csv", "tasks.csv"].sort(),
    );
    expect(csvRows(text("tasks.csv"))).toEqual([]);
    expect(text("tasks.csv").split("\r\n")[0]).toBe(
      "\uFEFFTitle,Notes,Category,Due,Frequency,Interval,Repeat until,Priority,Completed," +
        "Times completed,Times skipped,Last completed,Created,File,UID",
    );
    expect(csvRows(text("subscriptions.csv"))).toEqual([]);
    expect(calendarOf(text("calendar.ics")).getAllSubcomponents("vevent")).toEqual([]);
  });

  it("never holds another person's data", async () => {
    const alice = await person();
    const bob = await person();
    await alice.task({ ...COUNCIL_TAX, title: "Alice's task" });
    await alice.subscription({ ...STREAMING, name: "Alice's subscription" });
    const bobsFile = await upload(t.app, bob.token, pngBill(), { name: "bobs-secret.png" });
    await bob.task({ ...COUNCIL_TAX, title: "Bob's task", file_id: bobsFile.file.id });
    await bob.subscription({ ...STREAMING, name: "Bob's subscription" });

    const { archive, entries } = await exportOf(alice.token);
    expect(archive.user.email).toBe(alice.user.email);
    expect(archive.tasks.map((task) => task.title)).toEqual(["Alice's task"]);
    expect(archive.subscriptions.map((s) => s.name)).toEqual(["Alice's subscription"]);
    expect(archive.files).toEqual([]);
    for (const [name, entry] of entries) {
      expect(entry.bytes.toString("utf8"), name).not.toMatch(/Bob|bobs-secret/);
      expect(entry.bytes.toString("utf8"), name).not.toContain(bob.user.email);
    }
  });

  it("reads tasks page by page, each with its own completions, oldest first", async () => {
    const alice = await person();
    const { db } = t.deps.database;
    const count = EXPORT_PAGE_ROWS * 2 + 345;
    const due = new Date("2099-01-01T00:00:00Z");
    const rows = await db
      .insert(tasks)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: alice.user.id,
          title: `Task ${i}`,
          dueDate: due,
          anchorAt: due,
          frequency: "Daily" as const,
          priority: "Low" as const,
        })),
      )
      .returning({ id: tasks.id });
    // The last task of the first page and the first of the second: two completions each.
    const edges = [rows[EXPORT_PAGE_ROWS - 1], rows[EXPORT_PAGE_ROWS]].map((row) => row?.id ?? 0);
    await db.insert(taskCompletions).values(
      edges.flatMap((taskId) =>
        [0, 1].map((occurrence) => ({
          taskId,
          dueDate: new Date(due.getTime() + occurrence * 86_400_000),
          occurrence,
          anchorAt: due,
          frequency: "Daily" as const,
          completedAt: NOW,
        })),
      ),
    );

    const { archive, text } = await exportOf(alice.token);
    expect(archive.tasks.map((task) => task.title)).toEqual(
      Array.from({ length: count }, (_, i) => `Task ${i}`),
    );
    const withCompletions = archive.tasks.filter((task) => task.completions.length > 0);
    expect(withCompletions.map((task) => task.title)).toEqual([
      `Task ${EXPORT_PAGE_ROWS - 1}`,
      `Task ${EXPORT_PAGE_ROWS}`,
    ]);
    for (const task of withCompletions) {
      expect(task.completions.map((completion) => completion.occurrence)).toEqual([0, 1]);
    }
    expect(csvRows(text("tasks.csv"))).toHaveLength(count);
    expect(calendarOf(text("calendar.ics")).getAllSubcomponents("vevent")).toHaveLength(count);
  });

  it("writes files of many slices byte for byte over a connection read slowly, each file's memory given back once written", async () => {
    const alice = await person();
    // Written in slices of 64 KiB: one file (1,000,000 bytes) ends in a short slice, the other
    // (16 slices) in a whole one. Each file's plaintext is given back once the connection has
    // written its last slice (releaseOnceWritten): the download must still be byte for byte.
    const short = megabytePhoto();
    const exact = new Uint8Array(16 * 64 * 1024).map((_, i) => (i * 131) % 241);
    exact.set(short.subarray(0, 12));
    const uploads = new Map([
      ["short.jpg", short],
      ["exact.jpg", exact],
    ]);
    for (const [name, bytes] of uploads) {
      expect((await upload(t.app, alice.token, bytes, { name })).status).toBe(201);
    }

    const server = await recordingResponses(t.app, "write");
    try {
      const zip = await downloadSlowly(`${server.url}/users/me/export`, alice.token);
      const { archive, entries } = await exportRead(zip);
      expect(archive.files.map((file) => file.name)).toEqual(["short.jpg", "exact.jpg"]);
      for (const file of archive.files) {
        const uploaded = uploads.get(file.name) ?? new Uint8Array();
        const written = entries.get(file.path)?.bytes;
        expect(written?.equals(uploaded), file.name).toBe(true);
        expect(file.sha256).toBe(createHash("sha256").update(uploaded).digest("hex"));
      }
    } finally {
      await server.close();
    }
    // Each file's last slice reached the response marked, and the file's plaintext was given
    // back (every view of it empty).
    const lastSlices = server.chunks().filter(isReleasedOnceWritten);
    expect(lastSlices.map((slice) => slice.buffer.byteLength)).toEqual([0, 0]);
  });

  it("names each file with the SHA-256 taken as it was stored, or of its bytes if it has none", async () => {
    const alice = await person();
    const sealed = await upload(t.app, alice.token, megabytePhoto(), { name: "sealed.jpg" });
    const older = await upload(t.app, alice.token, pngBill(), { name: "older.png" });
    const sealedSha256Of = async (fileId: number, sealedSha256: Uint8Array | null) => {
      await t.deps.database.db
        .update(fileContents)
        .set({ sealedSha256 })
        .where(eq(fileContents.fileId, fileId));
    };
    // Stored before digests were sealed (drizzle/0018_file_sha256.sql): it has none.
    await sealedSha256Of(older.file.id, null);
    // The digest sealed for other bytes, as only FILES_KEY can seal it: the export names the file
    // with what was sealed, and hashes nothing again.
    const identity = { userId: alice.user.id, fileId: sealed.file.id };
    const other = encryptFile(t.deps.filesKey, Buffer.from("other bytes"), identity);
    await sealedSha256Of(sealed.file.id, other.sealedSha256);

    const { archive } = await exportOf(alice.token);
    const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    expect(archive.files.map((file) => [file.name, file.sha256])).toEqual([
      ["sealed.jpg", sha256(Buffer.from("other bytes"))],
      ["older.png", sha256(pngBill())],
    ]);
  });

  it("leaves out a file deleted while the ZIP is being written, and the link to it", async () => {
    const alice = await person();
    const large = megabytePhoto();
    const first = await upload(t.app, alice.token, large, { name: "first.jpg" });
    const second = await upload(t.app, alice.token, pngBill(), { name: "second.png" });
    expect([first.status, second.status]).toEqual([201, 201]);
    await alice.task({ ...FORMULA_TASK, file_id: second.file.id });

    const res = await t.app.request("/users/me/export", {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    const deleted = await call(t.app, "DELETE", `/files/${second.file.id}`, { token: alice.token });
    expect(deleted.status).toBe(204);
    const { archive, entries } = await exportRead(new Uint8Array(await res.arrayBuffer()));
    expect(archive.files.map((file) => file.name)).toEqual(["first.jpg"]);
    expect(archive.tasks.map((task) => task.file_uid)).toEqual([null]);
    expect([...entries.keys()].filter((name) => name.startsWith("files/"))).toEqual([
      archive.files[0]?.path,
    ]);
  });

  it("stops when the download is cancelled, as the person meant, and exports again after", async () => {
    const alice = await person();
    const photo = megabytePhoto();
    for (const name of ["one.jpg", "two.jpg", "three.jpg"]) {
      expect((await upload(t.app, alice.token, photo, { name })).status).toBe(201);
    }
    const res = await t.app.request("/users/me/export", {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    await reader.cancel();

    const again = await exportOf(alice.token);
    expect(again.archive.files.map((file) => file.name)).toEqual([
      "one.jpg",
      "two.jpg",
      "three.jpg",
    ]);
    expect(t.logs.text()).not.toContain("an export failed midway");
  });

  it("ends the download with an error at a file that does not decrypt, sending none of its bytes", async () => {
    const alice = await person();
    const bob = await person();
    const photo = megabytePhoto();
    const secret = Buffer.from("Bob's passport number 925665416");
    const bobs = Buffer.concat([Buffer.from(photo), secret, Buffer.from(photo)]);
    expect((await upload(t.app, alice.token, photo, { name: "kept.jpg" })).status).toBe(201);
    const moved = await upload(t.app, alice.token, photo, { name: "moved.jpg" });
    const bobsFile = await upload(t.app, bob.token, bobs, { name: "passport.jpg" });
    // Bob's encrypted bytes moved into Alice's file's row: bound to Bob's file, they must not
    // decrypt as Alice's, not even in part.
    await t.deps.database.db.execute(
      sql`update ${fileContents} set (iv, auth_tag, ciphertext) = (
        select iv, auth_tag, ciphertext from ${fileContents} where file_id = ${bobsFile.file.id})
        where file_id = ${moved.file.id}`,
    );

    const res = await t.app.request("/users/me/export", {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(res.status).toBe(200);
    const received: Buffer[] = [];
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const readAll = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received.push(Buffer.from(value));
      }
    };
    await expect(readAll()).rejects.toThrow();
    // Of the moved file, nothing went out.
    expect(Buffer.concat(received).includes(secret)).toBe(false);
    expect(t.logs.text()).toContain("a stored file does not decrypt");
    expect(t.logs.text()).toContain("an export failed midway");
  });

  it("ends the download with an error at a file whose sealed SHA-256 is another file's", async () => {
    const alice = await person();
    const first = await upload(t.app, alice.token, pngBill(), { name: "first.png" });
    const second = await upload(t.app, alice.token, jpegBill(), { name: "second.jpg" });
    await t.deps.database.db.execute(
      sql`update ${fileContents} set sealed_sha256 = (
        select sealed_sha256 from ${fileContents} where file_id = ${first.file.id})
        where file_id = ${second.file.id}`,
    );

    const res = await t.app.request("/users/me/export", {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(t.logs.text()).toContain("a stored file does not decrypt");
  });

  it("is what POST /users/me/import takes back: exported again, the same records and bytes", async () => {
    const alice = await person();
    const uploaded = await upload(t.app, alice.token, jpegBill(), { name: "Scan Café.jpg" });
    const councilTax = await alice.task({ ...COUNCIL_TAX, file_id: uploaded.file.id });
    await post(t.app, `/tasks/${councilTax.id}/complete`, { token: alice.token });
    await alice.task(FORMULA_TASK);
    await alice.subscription({ ...STREAMING, file_id: uploaded.file.id });
    const first = await exportOf(alice.token);

    const bob = await person();
    const imported = await t.app.request("/users/me/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${bob.token}` },
      body: importForm(first.bytes),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const again = await exportOf(bob.token);

    const records = ({ archive }: Export) => ({
      tasks: archive.tasks.map(({ created_at: _, ...task }) => task),
      subscriptions: archive.subscriptions.map(
        ({ created_at: _, ...subscription }) => subscription,
      ),
      files: archive.files.map(
        ({ created_at: _, status: __, proposal: ___, error: ____, ...file }) => file,
      ),
    });
    expect(records(again)).toEqual(records(first));
    const path = first.archive.files[0]?.path ?? "";
    expect(
      again.entries.get(path)?.bytes.equals(first.entries.get(path)?.bytes ?? Buffer.alloc(0)),
    ).toBe(true);
  });

  it("needs a signed-in person", async () => {
    const res = await get(t.app, "/users/me/export");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) as string });
  });
});
