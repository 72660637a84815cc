// Issue 21: a bill handed over and read, in Chromium: a PDF bill made for today is dropped into
// Upload Files; the progress bar shows while it is sent, "Reading..." while the server reads it;
// the Add form opens on Subscription, prefilled from the bill, with focus on the field to check;
// saved, the subscription is on the dashboard, its edit form names the bill, and the bill
// downloads byte for byte. Documents lists it with what was made from it. axe on the prefilled
// form and on Documents. The prefilled form asks before what was typed into it is thrown away, as
// the Add form does; untouched, it closes at once (the bill and its reading wait in Documents).
import { readFile } from "node:fs/promises";
import { fileCalls } from "@life-admin/api-client/files";
import type { Locator, Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { card, dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { holdRequests } from "../support/held-requests.js";
import { seriousViolations } from "../support/page-checks.js";

test.use({ ownAccount: true });

/** A one-page bill with a text layer, renewing `days` after today (UK style: dd/mm/yyyy, £). */
async function streamlyBill(days: number): Promise<{ bytes: Buffer; renews: string }> {
  const date = new Date(Date.now() + days * 86_400_000);
  const renews = date.toISOString().slice(0, 10);
  const [year, month, day] = renews.split("-");
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    "Streamly",
    "Streamly Ltd, 12 Market Street, London EC1A 1BB",
    "",
    "Your membership: Streamly Premium",
    `Your subscription renews on ${day ?? ""}/${month ?? ""}/${year ?? ""}.`,
    "Price: £15.99 per month, billed monthly to your card.",
    "",
    "Thank you for watching with Streamly.",
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 50, y: 780 - index * 22, size: 13, font });
  });
  return { bytes: Buffer.from(await pdf.save()), renews };
}

async function uploadDialog(page: Page) {
  await page.getByRole("button", { name: "Upload File" }).click();
  const upload = dialog(page, "Upload Files");
  await expect(upload).toBeVisible();
  return upload;
}

/** The dashboard's Upload Files dialog with a 20-line Streamly bill chosen in it. */
async function streamlyBillChosen(page: Page) {
  const bill = await streamlyBill(20);
  await openDashboard(page);
  const upload = await uploadDialog(page);
  await upload
    .getByLabel("Drag and drop files here or click here to take a picture")
    .setInputFiles({ name: "streamly-bill.pdf", mimeType: "application/pdf", buffer: bill.bytes });
  return { bill, upload };
}

test("a PDF bill is sent, read into a prefilled subscription, saved with its file, and downloads byte for byte", async ({
  page,
  stack,
  account,
}) => {
  const { bill, upload } = await streamlyBillChosen(page);
  await expect(upload.getByText("streamly-bill.pdf", { exact: true })).toBeVisible();

  // Held at the API's door: the bar and "Uploading..." while it is sent.
  const release = await holdRequests(page, `${stack.apiUrl}/files/`);
  await upload.getByRole("button", { name: "Done" }).click();
  await expect(
    upload.getByRole("progressbar", { name: "Uploading streamly-bill.pdf" }),
  ).toBeVisible();
  await expect(upload.getByRole("status")).toHaveText("Uploading...");
  release();
  await expect(upload.getByRole("status")).toHaveText("Reading...");

  const add = dialog(page, "Add New Task/Subscription");
  await expect(add).toBeVisible();
  await expect(add.getByRole("tab", { name: "Subscription" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(add).toContainText("Filled in from streamly-bill.pdf.");
  await expect(add.getByLabel("Subscription Name")).toHaveValue(/Streamly/);
  await expect(add.getByLabel("Cost")).toHaveValue("15.99");
  await expect(add.getByLabel("Next renewal Date")).toHaveValue(bill.renews);
  await expect(add.getByLabel("Frequency").first()).toHaveValue("Monthly");
  // Keyboard and screen reader start on the one field marked to check (the bill is in pounds, the
  // person's amounts in dollars), not on the note's "Keep the file only".
  await expect(add.getByLabel("Cost")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await add.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(add).toBeHidden();

  // On the dashboard, with its file.
  const renewals = card(page, "Renewals Soon");
  const name = renewals.getByRole("button", { name: /^Streamly/ });
  await expect(name).toBeVisible();
  await name.click();
  const edit = dialog(page, "Edit subscription");
  await expect(edit).toContainText("Made from streamly-bill.pdf");
  const downloading = page.waitForEvent("download");
  await edit.getByRole("button", { name: "Download streamly-bill.pdf" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("streamly-bill.pdf");
  const saved = await download.path();
  expect((await readFile(saved)).equals(bill.bytes)).toBe(true);
  await edit.getByRole("button", { name: "Cancel" }).click();

  // Documents: the bill, and what was made from it.
  await page.getByRole("button", { name: account.name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Documents" }).click();
  const documents = dialog(page, "Documents");
  const row = documents.getByRole("listitem").filter({ hasText: "streamly-bill.pdf" });
  await expect(row).toContainText("PDF");
  await expect(row).toContainText(/Made into Streamly/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the form read from a bill asks before what was typed into it is lost; untouched, it closes at once", async ({
  page,
  account,
}) => {
  const { upload } = await streamlyBillChosen(page);
  await upload.getByRole("button", { name: "Done" }).click();
  const add = dialog(page, "Add New Task/Subscription");
  const cost = add.getByLabel("Cost");
  await expect(cost).toHaveValue("15.99");
  await cost.fill("12.99");
  const question = page.getByRole("alertdialog", { name: "Discard what you typed?" });

  await page.keyboard.press("Escape");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancel" }).click();
  // Back in the form as the person left it: the question gone and the caret in Cost again. A
  // click before that can come while the form's dialog still counts the question above it, and
  // it lets the click pass (CI's failure in session 43).
  await expect(question).toBeHidden();
  await expect(cost).toBeFocused();
  await expect(cost).toHaveValue("12.99");
  // A click outside asks too.
  await page.mouse.click(4, 4);
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(add).toBeHidden();

  // The bill and what was read wait in Documents; the form made from it again, untouched, closes
  // on Escape without a question.
  await page.getByRole("button", { name: account.name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Documents" }).click();
  await dialog(page, "Documents")
    .getByRole("button", { name: "Make from it: a task or subscription from streamly-bill.pdf" })
    .click();
  await expect(cost).toHaveValue("15.99");
  await page.keyboard.press("Escape");
  await expect(add).toBeHidden();
  await expect(question).toBeHidden();
});

test("a file of another kind is refused by its bytes with the product's message, and the file stays chosen", async ({
  page,
}) => {
  await openDashboard(page);
  const upload = await uploadDialog(page);
  // A text file named and typed as a PDF: the browser lets it through, the server reads the bytes.
  await upload
    .getByLabel("Drag and drop files here or click here to take a picture")
    .setInputFiles({
      name: "not-a-bill.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just some text, not a PDF"),
    });
  await upload.getByRole("button", { name: "Done" }).click();
  await expect(upload.getByRole("alert")).toHaveText(
    "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.",
  );
  await expect(upload.getByText("not-a-bill.pdf", { exact: true })).toBeVisible();
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Documents keeps each file's Make from it, Download and Delete inside the dialog", async ({
    page,
    api,
    account,
  }) => {
    const { bytes } = await streamlyBill(20);
    await fileCalls(api).upload(new Blob([new Uint8Array(bytes)]), "streamly-bill.pdf");
    await openDashboard(page);
    await page.getByRole("button", { name: account.name, exact: true }).click();
    await page.getByRole("menuitem", { name: "Documents" }).click();
    const documents = dialog(page, "Documents");
    const actions = [
      "Make from it: a task or subscription from streamly-bill.pdf",
      "Download streamly-bill.pdf",
      "Delete streamly-bill.pdf",
    ].map((name) => documents.getByRole("button", { name }));
    for (const action of actions) {
      await expect(action).toBeVisible();
      expect(await overrun(action, documents)).toBeLessThanOrEqual(0);
    }
  });
});

/** How far, in pixels, `inner` runs past the right edge of `outer` (0 or less: it does not). */
async function overrun(inner: Locator, outer: Locator): Promise<number> {
  const [box, frame] = [await inner.boundingBox(), await outer.boundingBox()];
  if (box === null || frame === null) throw new Error("not both shown");
  return box.x + box.width - (frame.x + frame.width);
}
