// Issue 21, decisions D14: the files API as a person and their browser see it: each accepted type
// stored and typed from its bytes (never the name or the browser's claim), anything else a 415 with
// the Upload dialog's own words, an empty or missing file a 422, the person's quota a 413 that
// names it; the bytes come back exactly as sent, as a download that is never shown in place, and
// are encrypted in the database; a file is the person's alone, and deleting it leaves what was made
// from it (and deleting that leaves the file).
import { INVALID_FILE_TYPE_MESSAGE, StoredFileSchema } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fileContents, files, tasks } from "../src/db/schema.js";
import { UNSENDABLE_NAME_MESSAGE } from "../src/files/upload-body.js";
import { isReleasedOnceWritten } from "../src/released-memory.js";
import {
  docxBill,
  excelWorkbook,
  jpegBill,
  pdfBill,
  pngBill,
  wordDocument,
  zipOf,
} from "./support/documents.js";
import { call, get, post } from "./support/http.js";
import { recordingResponses } from "./support/recorded-responses.js";
import { downloadSlowly } from "./support/slow-download.js";
import { signInAs, testConfig, useTestApp } from "./support/test-app.js";
import { upload } from "./support/uploads.js";

const QUOTA = 200_000;
const t = useTestApp({ config: testConfig({ MAX_FILE_BYTES_PER_USER: String(QUOTA) }) });

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  return { id: user.id, token: tokens.access_token };
}

let pdf: Buffer;
beforeAll(async () => {
  pdf = await pdfBill();
});

describe("POST /files/", () => {
  it("stores each accepted type, typed from its bytes, and answers 201 with the file being read", async () => {
    const { token } = await person();
    const documents: [string, Buffer, string][] = [
      ["receipt.png", pngBill(), "image/png"],
      ["photo.jpg", jpegBill(), "image/jpeg"],
      ["bill.pdf", pdf, "application/pdf"],
      ["letter.doc", wordDocument(), "application/msword"],
      [
        "renewal.docx",
        await docxBill(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
    ];
    for (const [name, bytes, contentType] of documents) {
      const res = await upload(t.app, token, bytes, { name, type: contentType });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(StoredFileSchema.parse(res.body)).toEqual({
        id: res.file.id,
        name,
        content_type: contentType,
        size: bytes.length,
        created_at: res.file.created_at,
        status: "reading",
        proposal: null,
        error: null,
      });
      expect(Date.now() - Date.parse(res.file.created_at)).toBeLessThan(60_000);
    }
  });

  it("goes by the bytes, whatever the name or the browser's claim, and gives the name the bytes' ending", async () => {
    const { token } = await person();
    const claimedPng = await upload(t.app, token, pdf, { name: "photo.png", type: "image/png" });
    expect(claimedPng.status).toBe(201);
    expect(claimedPng.file).toMatchObject({
      name: "photo.png.pdf",
      content_type: "application/pdf",
    });
    const noName = await upload(t.app, token, pngBill(), { name: "", type: "" });
    expect(noName.file).toMatchObject({ name: "document.png", content_type: "image/png" });
    const jpeg = await upload(t.app, token, jpegBill(), { name: "SCAN.JPEG" });
    expect(jpeg.file.name).toBe("SCAN.JPEG");
  });

  it("refuses any other type with 415 and the Upload dialog's words, whatever it is called", async () => {
    const { token } = await person();
    const refused: [string, Uint8Array, string][] = [
      ["bill.pdf", Buffer.from("<!doctype html><script>alert(1)</script>"), "application/pdf"],
      ["bill.png", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "image/png"],
      ["budget.doc", excelWorkbook(), "application/msword"],
      ["notes.docx", zipOf({ "notes.txt": "hello" }), ""],
      ["setup.pdf", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(5000)]), "application/pdf"],
    ];
    for (const [name, bytes, type] of refused) {
      const res = await upload(t.app, token, bytes, { name, type });
      expect(res.status, name).toBe(415);
      expect(res.body).toEqual({ detail: INVALID_FILE_TYPE_MESSAGE });
    }
    expect(INVALID_FILE_TYPE_MESSAGE).toBe(
      "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.",
    );
    expect((await get(t.app, "/files/", { token })).body).toEqual([]);
  });

  it("answers 422 for an empty file, a form without the file field, and a body that is not a form", async () => {
    const { token } = await person();
    const empty = await upload(t.app, token, new Uint8Array(0), { name: "bill.pdf" });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      detail: [{ loc: ["body", "file"], msg: "The file is empty", type: "value_error" }],
    });
    const otherField = await upload(t.app, token, pdf, { field: "document" });
    expect(otherField.status).toBe(422);
    expect(otherField.body).toMatchObject({ detail: [{ loc: ["body", "file"], type: "missing" }] });
    const json = await post(t.app, "/files/", { token, body: { file: "JVBERi0x" } });
    expect(json.status).toBe(422);
    expect(json.body).toMatchObject({ detail: [{ loc: ["body", "file"], type: "missing" }] });
    const noBoundary = await call(t.app, "POST", "/files/", {
      token,
      headers: { "Content-Type": "multipart/form-data; charset=utf-8" },
      raw: "--x\r\n",
    });
    expect(noBoundary.status).toBe(422);
    const cut = await call(t.app, "POST", "/files/", {
      token,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7',
    });
    expect(cut.status).toBe(422);
    expect((await get(t.app, "/files/", { token })).body).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    const res = await upload(t.app, "not-a-token", pdf);
    expect(res.status).toBe(401);
  });

  it("keeps the name the person gave, without a path or direction overrides", async () => {
    const { token } = await person();
    const res = await upload(t.app, token, pdf, {
      name: "C:\\Users\\me\\Downloads\\Facture d\u2019\u00e9lectricit\u00e9 \u202Efdp.exe.pdf",
    });
    expect(res.file.name).toBe("Facture d\u2019\u00e9lectricit\u00e9 fdp.exe.pdf");
  });

  it("keeps a double quote in a name as the person typed it, which browsers send as %22", async () => {
    const { token } = await person();
    // Chromium's form body for `Invoice "December".pdf`, and a line break sent as %0A.
    for (const [sent, kept] of [
      ["Invoice %22December%22.pdf", 'Invoice "December".pdf'],
      ["bill%0D%0Amarch.pdf", "billmarch.pdf"],
    ]) {
      const head = `--x\r\nContent-Disposition: form-data; name="file"; filename="${sent}"\r\n\r\n`;
      const res = await t.app.request("/files/", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "multipart/form-data; boundary=x",
        },
        body: Buffer.concat([Buffer.from(head), pdf, Buffer.from("\r\n--x--\r\n")]),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ name: kept });
    }
  });

  it("takes a tab and C1 controls out of a name, and asks for a name without other controls to be changed", async () => {
    const { token } = await person();
    // Sent as a browser sends them (FormData: only CR, LF and '"' are escaped), so the other C0
    // controls and DEL go on the wire as they are, where busboy refuses the part's header.
    const kept = await upload(t.app, token, pdf, { name: "bill\t\u0085 march.pdf" });
    expect(kept.status).toBe(201);
    expect(kept.file.name).toBe("bill march.pdf");
    for (const name of [
      "bill\u0000.pdf",
      "bill\u0007.pdf",
      "\u001b[31mbill.pdf",
      "bill\u007f.pdf",
    ]) {
      const refused = await upload(t.app, token, pdf, { name });
      expect(refused.status, JSON.stringify(name)).toBe(422);
      expect(refused.body).toEqual({
        detail: [{ loc: ["body", "file"], msg: UNSENDABLE_NAME_MESSAGE, type: "value_error" }],
      });
    }
    // Any other part header it cannot read keeps busboy's words, for the developer who sent it.
    const badHeader = await call(t.app, "POST", "/files/", {
      token,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      raw: '--x\r\nContent Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7\r\n--x--\r\n',
    });
    expect(badHeader.status).toBe(422);
    expect(badHeader.body).toMatchObject({
      detail: [{ loc: ["body"], msg: "The form could not be read: Malformed part header" }],
    });
    expect((await get(t.app, "/files/", { token })).body).toHaveLength(1);
  });
});

describe("the person's quota", () => {
  it("refuses a file that would take them past it with a 413 that names it, and a deletion makes room", async () => {
    const { token } = await person();
    const big = Buffer.concat([pdf, Buffer.alloc(90_000 - pdf.length)]);
    expect((await upload(t.app, token, big)).status).toBe(201);
    const second = await upload(t.app, token, big);
    expect(second.status).toBe(201);
    const third = await upload(t.app, token, big);
    expect(third.status).toBe(413);
    expect(third.body).toEqual({
      detail:
        "This file would take your files past your limit of 195.3 KiB (you keep 175.8 KiB). " +
        "Delete some files to upload more.",
    });
    expect(third.headers.get("connection")).toBe("close");
    expect(await call(t.app, "DELETE", `/files/${second.file.id}`, { token })).toMatchObject({
      status: 204,
    });
    expect((await upload(t.app, token, big)).status).toBe(201);
  });

  it("counts each person's files apart", async () => {
    const alice = await person();
    const bob = await person();
    const big = Buffer.concat([pdf, Buffer.alloc(150_000 - pdf.length)]);
    expect((await upload(t.app, alice.token, big)).status).toBe(201);
    expect((await upload(t.app, bob.token, big)).status).toBe(201);
    expect((await upload(t.app, alice.token, big)).status).toBe(413);
  });
});

describe("reading the files back", () => {
  it("lists the person's files newest first, each exactly as it was answered on upload", async () => {
    const { token } = await person();
    const answers = [];
    for (const bytes of [pdf, pngBill(), await docxBill()]) {
      answers.push((await upload(t.app, token, bytes, { name: 'a "quoted" \\ name' })).body);
    }
    const list = await get(t.app, "/files/", { token });
    expect(list.status).toBe(200);
    expect(list.text).toBe(JSON.stringify([...answers].reverse()));
    for (const answer of answers) {
      const id = (answer as { id: number }).id;
      const one = await get(t.app, `/files/${id}`, { token });
      expect(one.text).toBe(JSON.stringify(answer));
    }
  });

  it("sends the bytes back exactly, as an attachment under the file's name, never to be sniffed", async () => {
    const { token } = await person();
    const png = pngBill();
    const { file } = await upload(t.app, token, png, { name: "Quittance \u00e9t\u00e9 2026.png" });
    const res = await t.app.request(`/files/${file.id}/content`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Quittance ete 2026.png\"; filename*=UTF-8''Quittance%20%C3%A9t%C3%A9%202026.png",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("sends the bytes over a connection read slowly, and gives their plaintext back once sent", async () => {
    const { token } = await person();
    // A photo's start around a pattern, larger than Node's buffer pool (smaller ones are V8's).
    const photo = new Uint8Array(150_000).map((_, i) => (i * 7919) % 251);
    photo.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const { file } = await upload(t.app, token, photo, { name: "photo.jpg" });

    const server = await recordingResponses(t.app, "end");
    try {
      const body = await downloadSlowly(`${server.url}/files/${file.id}/content`, token);
      expect(body.equals(photo)).toBe(true);
    } finally {
      await server.close();
    }
    // The plaintext reached the response marked, and was given back (every view of it empty).
    const sent = server.chunks();
    await vi.waitFor(() => {
      expect(sent.filter(isReleasedOnceWritten).map((bytes) => bytes.buffer.byteLength)).toEqual([
        0,
      ]);
    });
  });

  it("keeps the bytes encrypted in the database, and refuses bytes moved to another file", async () => {
    const { id: userId, token } = await person();
    const text = Buffer.from("Northern Water");
    const docx = await docxBill();
    const one = await upload(t.app, token, pdf);
    const two = await upload(t.app, token, docx);
    const { db } = t.deps.database;
    const [stored] = await db
      .select()
      .from(fileContents)
      .where(eq(fileContents.fileId, one.file.id));
    const ciphertext = Buffer.from(stored?.ciphertext ?? []);
    expect(ciphertext.length).toBe(pdf.length);
    expect(ciphertext.equals(pdf)).toBe(false);
    expect(ciphertext.includes(Buffer.from("%PDF"))).toBe(false);
    expect(ciphertext.includes(text)).toBe(false);
    expect(Buffer.from(stored?.iv ?? [])).toHaveLength(12);

    // The first file's bytes written over the second's: they do not decrypt as the second.
    await db
      .update(fileContents)
      .set({ iv: stored?.iv, authTag: stored?.authTag, ciphertext: stored?.ciphertext })
      .where(eq(fileContents.fileId, two.file.id));
    const swapped = await get(t.app, `/files/${two.file.id}/content`, { token });
    expect(swapped.status).toBe(500);
    expect(swapped.text).not.toContain("PDF");
    const [owner] = await db.select().from(files).where(eq(files.id, two.file.id));
    expect(owner?.userId).toBe(userId);
  });

  it("deletes a file with its bytes: then 404 everywhere, and gone from the list", async () => {
    const { token } = await person();
    const { file } = await upload(t.app, token, pdf);
    const deleted = await call(t.app, "DELETE", `/files/${file.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    for (const path of [`/files/${file.id}`, `/files/${file.id}/content`]) {
      const res = await get(t.app, path, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "File not found" });
    }
    expect((await call(t.app, "DELETE", `/files/${file.id}`, { token })).status).toBe(404);
    expect((await get(t.app, "/files/", { token })).body).toEqual([]);
    const { db } = t.deps.database;
    expect(await db.$count(fileContents, eq(fileContents.fileId, file.id))).toBe(0);
  });

  it("answers 404 for another person's file, whatever the route, and changes nothing", async () => {
    const alice = await person();
    const bob = await person();
    const { file } = await upload(t.app, alice.token, pdf);
    for (const [method, path] of [
      ["GET", `/files/${file.id}`],
      ["GET", `/files/${file.id}/content`],
      ["DELETE", `/files/${file.id}`],
    ] as const) {
      const res = await call(t.app, method, path, { token: bob.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: "File not found" });
    }
    expect((await get(t.app, "/files/", { token: bob.token })).body).toEqual([]);
    expect((await get(t.app, `/files/${file.id}`, { token: alice.token })).status).toBe(200);
    for (const id of ["0", "abc", "99999999999"]) {
      const res = await get(t.app, `/files/${id}`, { token: alice.token });
      expect(res.status, id).toBe(id === "99999999999" ? 404 : 422);
    }
  });
});

describe("a task's or subscription's source file (file_id)", () => {
  const task = { title: "Pay the water bill", due_date: "2027-01-12T00:00:00Z", frequency: "Once" };
  const subscription = { name: "Northern Water", next_renewal_date: "2027-01-12", cost: 84.2 };

  it("is set on create and edit, cleared with null, and only ever one of the person's own files", async () => {
    const alice = await person();
    const bob = await person();
    const { file } = await upload(t.app, alice.token, pdf);
    const bobs = (await upload(t.app, bob.token, pdf)).file;

    const made = await post(t.app, "/tasks/", {
      token: alice.token,
      body: { ...task, file_id: file.id },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ file_id: file.id });
    const sub = await post(t.app, "/subscriptions/", {
      token: alice.token,
      body: { ...subscription, file_id: file.id },
    });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ file_id: file.id });
    const plain = await post(t.app, "/tasks/", { token: alice.token, body: task });
    expect(plain.body).toMatchObject({ file_id: null });

    for (const [path, body] of [
      ["/tasks/", { ...task, file_id: bobs.id }],
      ["/subscriptions/", { ...subscription, file_id: bobs.id }],
      ["/tasks/", { ...task, file_id: 2_000_000_000 }],
    ] as const) {
      const refused = await post(t.app, path, { token: alice.token, body });
      expect(refused.status, path).toBe(422);
      expect(refused.body).toEqual({
        detail: [
          {
            loc: ["body", "file_id"],
            msg: "There is no file of yours with this id",
            type: "value_error",
          },
        ],
      });
    }

    const taskId = (made.body as { id: number }).id;
    const subId = (sub.body as { id: number }).id;
    const cleared = await call(t.app, "PATCH", `/tasks/${taskId}`, {
      token: alice.token,
      body: { file_id: null },
    });
    expect(cleared.body).toMatchObject({ file_id: null });
    const set = await call(t.app, "PATCH", `/tasks/${taskId}`, {
      token: alice.token,
      body: { file_id: file.id, title: "Pay the water bill now" },
    });
    expect(set.body).toMatchObject({ file_id: file.id, title: "Pay the water bill now" });
    for (const path of [`/tasks/${taskId}`, `/subscriptions/${subId}`]) {
      const stolen = await call(t.app, "PATCH", path, {
        token: alice.token,
        body: { file_id: bobs.id },
      });
      expect(stolen.status, path).toBe(422);
    }
    expect((await get(t.app, `/tasks/${taskId}`, { token: alice.token })).body).toMatchObject({
      file_id: file.id,
    });
  });

  it("stays when the task or subscription is deleted, and is cleared from them when the file is", async () => {
    const { token } = await person();
    const { file } = await upload(t.app, token, pdf);
    const kept = await post(t.app, "/tasks/", { token, body: { ...task, file_id: file.id } });
    const gone = await post(t.app, "/tasks/", { token, body: { ...task, file_id: file.id } });
    const sub = await post(t.app, "/subscriptions/", {
      token,
      body: { ...subscription, file_id: file.id },
    });
    const goneId = (gone.body as { id: number }).id;
    expect((await call(t.app, "DELETE", `/tasks/${goneId}`, { token })).status).toBe(204);
    expect((await get(t.app, `/files/${file.id}`, { token })).status).toBe(200);

    const before = await get(t.app, "/tasks/", { token });
    expect((await call(t.app, "DELETE", `/files/${file.id}`, { token })).status).toBe(204);
    const keptId = (kept.body as { id: number }).id;
    const subId = (sub.body as { id: number }).id;
    expect((await get(t.app, `/tasks/${keptId}`, { token })).body).toMatchObject({
      title: "Pay the water bill",
      file_id: null,
    });
    expect((await get(t.app, `/subscriptions/${subId}`, { token })).body).toMatchObject({
      name: "Northern Water",
      file_id: null,
    });
    // The list kept in memory is not answered again: it named the file.
    const after = await get(t.app, "/tasks/", { token });
    expect(after.text).not.toBe(before.text);
    expect(after.body).toEqual([expect.objectContaining({ id: keptId, file_id: null })]);
  });

  it("goes with its owner: deleting a person deletes their files and what was made from them", async () => {
    const { id, token } = await person();
    const { file } = await upload(t.app, token, pdf);
    await post(t.app, "/tasks/", { token, body: { ...task, file_id: file.id } });
    const { db } = t.deps.database;
    const { users } = await import("../src/db/schema.js");
    await db.delete(users).where(eq(users.id, id));
    expect(await db.$count(files, eq(files.userId, id))).toBe(0);
    expect(await db.$count(tasks, eq(tasks.userId, id))).toBe(0);
    expect(await db.$count(fileContents, eq(fileContents.fileId, file.id))).toBe(0);
  });
});
