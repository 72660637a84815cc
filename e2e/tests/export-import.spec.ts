// Issue 22: "export, delete the account, sign in, import, and find everything back". Signed in
// through the real OpenID flow, a person has a task, a subscription and a document; Settings'
// "Download all my data" saves the ZIP; they delete the account; signing in again with the same
// account starts empty; Settings' "Import from a Life Admin export" takes the saved ZIP and says
// what it added; the dashboard shows the task and the subscription again, and the document is back
// byte for byte. Importing the same ZIP again adds nothing and says so.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { card } from "../support/dashboard.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { signInThroughUi, storedTokens } from "../support/sign-in.js";
import { PNG } from "../support/sample-files.js";

test.use({ storageState: { cookies: [], origins: [] } });

async function bearer(page: Page): Promise<Record<string, string>> {
  const tokens = await storedTokens(page);
  if (tokens === null) throw new Error("not signed in");
  return { Authorization: `Bearer ${tokens.access_token}` };
}

async function openSettings(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("export, delete the account, sign in again, import: everything is back, and a second import adds nothing", async ({
  page,
  stack,
}, testInfo) => {
  const person = newPerson("Moving House");
  await signInThroughUi(page, person);
  const headers = await bearer(page);
  const api = (path: string) => `${stack.apiUrl}${path}`;
  const uploaded = await page.request.post(api("/files/"), {
    headers,
    multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(uploaded.status()).toBe(201);
  const fileId = ((await uploaded.json()) as { id: number }).id;
  for (const [path, body] of [
    [
      "/tasks/",
      { title: "Water the plants", due_date: "2030-03-01T09:30:00Z", frequency: "Weekly" },
    ],
    [
      "/subscriptions/",
      { name: "Allotment rent", cost: 15.49, next_renewal_date: "2030-04-01", file_id: fileId },
    ],
  ] as const) {
    expect((await page.request.post(api(path), { headers, data: body })).status()).toBe(201);
  }

  await openSettings(page, person.name);
  const downloading = page.waitForEvent("download");
  await page
    .getByRole("region", { name: "Your data" })
    .getByRole("button", { name: "Download all my data" })
    .click();
  const download = await downloading;
  const zipPath = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(zipPath);
  expect((await readFile(zipPath)).subarray(0, 2).toString()).toBe("PK");

  const deletion = page.getByRole("region", { name: "Delete account" });
  await deletion
    .getByLabel(`Type your email address, ${person.email}, to confirm`)
    .fill(person.email);
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();

  await signInThroughUi(page, person);
  await expect(card(page, "Tasks")).toContainText("No tasks available");
  await openSettings(page, person.name);
  const importing = page.getByRole("region", { name: "Import from a Life Admin export" });
  await importing.getByLabel("Choose the export's ZIP file").setInputFiles(zipPath);
  await expect(importing.getByRole("status")).toHaveText(
    "Added 1 task, 1 subscription and 1 file.",
  );

  await importing.getByLabel("Choose the export's ZIP file").setInputFiles(zipPath);
  await expect(importing.getByRole("status")).toHaveText(
    "Nothing new: all 3 records were already here.",
  );

  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(card(page, "Tasks")).toContainText("Water the plants");
  await expect(card(page, "Subscriptions")).toContainText("Allotment rent");
  const newHeaders = await bearer(page);
  const files = (await (
    await page.request.get(api("/files/"), { headers: newHeaders })
  ).json()) as {
    id: number;
    name: string;
  }[];
  expect(files.map((file) => file.name)).toEqual(["receipt.png"]);
  const content = await page.request.get(api(`/files/${files[0]?.id}/content`), {
    headers: newHeaders,
  });
  expect(Buffer.from(await content.body()).equals(PNG)).toBe(true);
});
