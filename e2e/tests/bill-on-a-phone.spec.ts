// Issue 21 as a person on a phone meets it (390 px, touch): a photo of a bill read into a task to
// check; every file they can get wrong (a program renamed .pdf, an empty file, a PDF locked by a
// password) said plainly, each message gone once another file is chosen, and the next file sent
// from the same dialog; cancelling mid-upload, closing while the file is read; the connection
// lost while the file is sent and while it is read (once at 1280 px); every button a finger's size
// (44 px), a mouse's as before. The happy path of a PDF bill, its progress and its download are
// upload-reading.spec.ts.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { passwordProtectedPdf } from "@life-admin/api/test-documents";
import { fileCalls } from "@life-admin/api-client/files";
import type { Locator, Page } from "@playwright/test";
import { answerCalendarOffer, card, dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks.js";
import { apiRoot } from "../support/paths.js";

test.use({ ownAccount: true, viewport: { width: 390, height: 844 }, hasTouch: true });

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A document of the reading corpus (apps/api/corpus), as a file the person picks. */
async function corpusFile(name: string, as: string, mimeType: string) {
  return { name: as, mimeType, buffer: await readFile(join(apiRoot, "corpus", "files", name)) };
}

async function openUpload(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Upload File" }).tap();
  const upload = dialog(page, "Upload Files");
  await expect(upload).toBeVisible();
  return upload;
}

function fileInput(upload: Locator): Locator {
  return upload.getByLabel("Drag and drop files here or click here to take a picture");
}

/**
 * How tall each button in `scope` is, by its name: the <button>s, not the file input (a button
 * too, to a screen reader), which the drop zone around it draws.
 */
async function buttonHeights(scope: Locator): Promise<Map<string, number>> {
  const heights = new Map<string, number>();
  for (const button of await scope.locator("button").all()) {
    const name = (await button.getAttribute("aria-label")) ?? (await button.innerText());
    heights.set(name, (await button.boundingBox())?.height ?? 0);
  }
  return heights;
}

test("every button of the Upload dialog is a finger's size, 44 px tall", async ({ page }) => {
  await openDashboard(page);
  const upload = await openUpload(page);
  await fileInput(upload).setInputFiles({
    name: "bill.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7"),
  });
  const heights = await buttonHeights(upload);
  expect([...heights.keys()]).toEqual(["Remove bill.pdf", "Cancel", "Done", "Close"]);
  const short = [...heights].filter(([, height]) => height < 44);
  expect(short).toEqual([]);
});

test("a photo of a bill is read into a task, what was not read left unmarked, and saved to the dashboard", async ({
  page,
}) => {
  await openDashboard(page);
  const upload = await openUpload(page);
  await fileInput(upload).setInputFiles(
    await corpusFile("heldout-us-water-bill.jpeg", "water-bill.jpg", "image/jpeg"),
  );
  await upload.getByRole("button", { name: "Done" }).tap();

  await expect(upload.getByRole("status")).toHaveText("Reading...");
  const add = dialog(page, "Add New Task/Subscription");
  // OCR of a phone photo: a few seconds alone, three times that beside other tests on two cores.
  await expect(add).toBeVisible({ timeout: 30_000 });
  await expect(add.getByLabel("Task Title")).toHaveValue(/Cedar Valley Water/);
  await expect(add.getByRole("tab", { name: "Task" })).toHaveAttribute("aria-selected", "true");
  // What a screen reader hears as the dialog opens (focus starts on a field past the note).
  await expect(add).toHaveAccessibleDescription(/^Filled in from water-bill\.jpg\. Check/);
  await expect(add.getByLabel("Notes (Optional)")).toHaveValue("Amount: $67.15");
  // No time on the bill: Time is left empty, and nothing says it was read from it.
  await expect(add.getByLabel("Time")).toHaveValue("");
  await expect(add.getByLabel("Time")).toHaveAccessibleDescription(
    "Optional: leave empty for all day",
  );
  await expectNoSidewaysScroll(page);

  await add.getByRole("button", { name: "Save and add to calendar" }).tap();
  await answerCalendarOffer(page);
  await expect(add).toBeHidden();
  await expect(
    card(page, "Tasks").getByRole("button", { name: /^Pay Cedar Valley Water/ }),
  ).toBeVisible();
});

test("each wrong file is said plainly, its message goes with it, and the next file is read from the same dialog", async ({
  page,
  api,
  account,
}) => {
  await openDashboard(page);
  const upload = await openUpload(page);
  const done = upload.getByRole("button", { name: "Done" });
  const alert = upload.getByRole("alert");

  // A program renamed .pdf: the browser lets it through, its bytes do not.
  const program = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2048)]);
  await fileInput(upload).setInputFiles({
    name: "bill.pdf",
    mimeType: "application/pdf",
    buffer: program,
  });
  await done.tap();
  await expect(alert).toHaveText("Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.");
  await expect(upload.getByText("bill.pdf", { exact: true })).toBeVisible();

  await fileInput(upload).setInputFiles({
    name: "empty.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(0),
  });
  await expect(alert).toHaveCount(0);
  await done.tap();
  await expect(alert).toHaveText("The file is empty");

  await fileInput(upload).setInputFiles({
    name: "locked.pdf",
    mimeType: "application/pdf",
    buffer: await passwordProtectedPdf(),
  });
  await expect(alert).toHaveCount(0);
  await done.tap();
  await expect(alert).toHaveText(
    "We could not read this file: This PDF is protected by a password. It is kept in your Documents (in the account menu).",
  );
  // Done has gone: focus is on the way on, not lost.
  await expect(upload.getByRole("button", { name: "Fill in myself" })).toBeFocused();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await fileInput(upload).setInputFiles(
    await corpusFile("uk-broadband-plan.docx", "broadband.docx", DOCX_TYPE),
  );
  await expect(alert).toHaveCount(0);
  await done.tap();
  const add = dialog(page, "Add New Task/Subscription");
  await expect(add.getByLabel("Subscription Name")).toHaveValue("Skyline Broadband");
  await expect(add.getByLabel("Cost")).toHaveValue("38.50");
  await add.getByRole("button", { name: "Keep the file only" }).tap();
  await expect(add).toBeHidden();

  // Kept: the two files that were stored, the locked one saying why it was not read.
  const files = await fileCalls(api).list();
  expect(files.map((file) => file.name)).toEqual(["broadband.docx", "locked.pdf"]);
  await page.getByRole("button", { name: account.name, exact: true }).tap();
  await page.getByRole("menuitem", { name: "Documents" }).tap();
  const documents = dialog(page, "Documents");
  const locked = documents.getByRole("listitem").filter({ hasText: "locked.pdf" });
  await expect(locked).toContainText("Could not be read: This PDF is protected by a password.");
  await expectNoSidewaysScroll(page);
  await locked.getByRole("button", { name: "Delete locked.pdf" }).tap();
  const question = page.getByRole("alertdialog", { name: "Delete this file?" });
  await question.getByRole("button", { name: "Delete file" }).tap();
  await expect(locked).toHaveCount(0);
  await expect(documents.getByRole("listitem")).toHaveCount(1);
});

test("cancelling mid-upload keeps nothing; closing while the file is read keeps it, read, in Documents", async ({
  page,
  stack,
  api,
  account,
}) => {
  await openDashboard(page);
  const opener = page.getByRole("button", { name: "Upload File" });
  let upload = await openUpload(page);
  const broadband = await corpusFile("uk-broadband-plan.docx", "broadband.docx", DOCX_TYPE);
  await fileInput(upload).setInputFiles(broadband);
  // The upload never gets through, as on a slow connection.
  const sending = `${stack.apiUrl}/files/`;
  await page.route(sending, () => undefined);
  await upload.getByRole("button", { name: "Done" }).tap();
  await expect(upload.getByRole("status")).toHaveText("Uploading...");
  await upload.getByRole("button", { name: "Cancel" }).tap();
  await expect(upload).toBeHidden();
  await expect(opener).toBeFocused();
  await page.unroute(sending);

  // Its reading's answer held: the dialog is closed while it says "Reading...".
  const looking = /\/files\/\d+$/;
  await page.route(looking, () => undefined);
  upload = await openUpload(page);
  await fileInput(upload).setInputFiles(broadband);
  await upload.getByRole("button", { name: "Done" }).tap();
  await expect(upload.getByRole("status")).toHaveText("Reading...");
  await expect(upload).toContainText("closing this does not stop the reading");
  await upload.getByRole("button", { name: "Close", exact: true }).tap();
  await expect(upload).toBeHidden();
  await page.unroute(looking);

  expect((await fileCalls(api).list()).map((file) => file.name)).toEqual(["broadband.docx"]);
  await page.getByRole("button", { name: account.name, exact: true }).tap();
  await page.getByRole("menuitem", { name: "Documents" }).tap();
  const documents = dialog(page, "Documents");
  await expect(documents.getByRole("listitem")).toContainText("Nothing made from it yet");
  await documents
    .getByRole("button", { name: "Make from it: a task or subscription from broadband.docx" })
    .tap();
  const add = dialog(page, "Add New Task/Subscription");
  await expect(add.getByLabel("Subscription Name")).toHaveValue("Skyline Broadband");
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

  test("a mouse keeps the Upload dialog's compact buttons", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Upload File" }).click();
    const upload = dialog(page, "Upload Files");
    await fileInput(upload).setInputFiles({
      name: "bill.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7"),
    });
    const heights = await buttonHeights(upload);
    expect(heights.get("Remove bill.pdf")).toBe(36);
    expect(heights.get("Close")).toBe(40);
    expect(heights.get("Done")).toBe(44);
  });

  test("a lost connection while sending keeps the file chosen, and while reading is waited through: one file kept", async ({
    page,
    stack,
    api,
  }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Upload File" }).click();
    const upload = dialog(page, "Upload Files");
    await fileInput(upload).setInputFiles(
      await corpusFile("uk-broadband-plan.docx", "broadband.docx", DOCX_TYPE),
    );
    const done = upload.getByRole("button", { name: "Done" });

    const sending = `${stack.apiUrl}/files/`;
    await page.route(sending, (route) => route.abort("internetdisconnected"));
    await done.click();
    await expect(upload.getByRole("alert")).toHaveText(
      "The file could not be sent: check your connection and try again.",
    );
    await expect(upload.getByText("broadband.docx", { exact: true })).toBeVisible();
    await page.unroute(sending);

    // Sent, then the connection drops while the dialog waits for the reading.
    const looking = /\/files\/\d+$/;
    await page.route(looking, (route) => route.abort("internetdisconnected"));
    await done.click();
    await expect(upload.getByRole("status")).toHaveText(
      "Reading... The connection was lost: trying again.",
    );
    await expect(upload.getByRole("alert")).toHaveCount(0);
    await page.unroute(looking);

    const add = dialog(page, "Add New Task/Subscription");
    await expect(add.getByLabel("Subscription Name")).toHaveValue("Skyline Broadband");
    expect((await fileCalls(api).list()).map((file) => file.name)).toEqual(["broadband.docx"]);
  });
});
