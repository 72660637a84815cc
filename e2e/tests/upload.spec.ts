// Issue 6, item 7: the Upload Files modal takes the spec's file types only, previews the chosen
// file, forgets it on Remove. issue 21: Done sends it; a PNG with nothing to read in it is kept,
// and "Keep the file only" closes the modal, focus back on its opener.
import { dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { PNG } from "../support/sample-files.js";

test("a .txt file is refused; a PNG shows its name, Remove clears it, Done sends it and it is kept", async ({
  page,
}) => {
  await openDashboard(page);
  const opener = page.getByRole("button", { name: "Upload File" });
  await opener.click();
  const modal = dialog(page, "Upload Files");
  await expect(
    modal.getByText("Drag and drop files here or click here to take a picture"),
  ).toBeVisible();
  await expect(modal.getByText("Supported formats: PDF, JPG, PNG, DOC, DOCX")).toBeVisible();
  const input = modal.getByLabel("Drag and drop files here or click here to take a picture");
  const done = modal.getByRole("button", { name: "Done" });
  await expect(done).toBeDisabled();

  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await expect(modal.getByRole("alert")).toHaveText(
    "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.",
  );
  await expect(modal.getByText("notes.txt")).toHaveCount(0);
  await expect(done).toBeDisabled();

  await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await expect(modal.getByText("receipt.png", { exact: true })).toBeVisible();
  await expect(modal.getByRole("alert")).toHaveCount(0);
  await expect(done).toBeEnabled();

  await modal.getByRole("button", { name: "Remove" }).click();
  await expect(modal.getByText("receipt.png", { exact: true })).toHaveCount(0);
  await expect(done).toBeDisabled();

  await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await expect(modal.getByText("receipt.png", { exact: true })).toBeVisible();
  await done.click();
  // One transparent pixel: stored, but nothing to read.
  await expect(modal.getByRole("alert")).toContainText("We could not read this file");
  await modal.getByRole("button", { name: "Keep the file only" }).click();
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a file with no name ending is left to the server, which reads its bytes; a .zip is refused at once", async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole("button", { name: "Upload File" }).click();
  const modal = dialog(page, "Upload Files");
  const input = modal.getByLabel("Drag and drop files here or click here to take a picture");

  await input.setInputFiles({
    name: "bills.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("PK"),
  });
  await expect(modal.getByRole("alert")).toHaveText(
    "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file.",
  );

  // A PNG saved with no name ending: the browser knows no type for it.
  await input.setInputFiles({ name: "receipt", mimeType: "application/octet-stream", buffer: PNG });
  await expect(modal.getByText("receipt", { exact: true })).toBeVisible();
  await modal.getByRole("button", { name: "Done" }).click();
  // Stored as the PNG it is (one transparent pixel: nothing to read).
  await expect(modal.getByRole("alert")).toContainText("We could not read this file");
});
