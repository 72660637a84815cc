// issue 22: Settings' "Import from a Life Admin export": the chosen ZIP sent with the session's
// token, busy while it goes, then what was added in words; a refusal shows the API's message and
// the person can choose again.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";
import { importReportText } from "./import-settings";

const user = userEvent.setup();
const ZIP = new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06])], "life-admin-export.zip", {
  type: "application/zip",
});
const REPORT = {
  added: { tasks: 12, subscriptions: 3, files: 2, completions: 40 },
  skipped: { tasks: 4, subscriptions: 0, files: 0 },
};

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function importSection(api = fakeApi()) {
  renderApp("/settings", { api });
  const region = await screen.findByRole("region", { name: "Import from a Life Admin export" });
  return { api, section: within(region) };
}

describe("Settings' import (issue 22)", () => {
  it("sends the chosen ZIP with the session's token and says what was added", async () => {
    const api = fakeApi();
    const held = api.holdNext("POST", "/users/me/import");
    const { section } = await importSection(api);
    await user.upload(section.getByLabelText("Choose the export's ZIP file"), ZIP);
    expect(await section.findByRole("status")).toHaveTextContent("Importing your data...");
    expect(section.getByLabelText("Choose the export's ZIP file")).toBeDisabled();
    held.release(json(REPORT));
    expect(
      await section.findByText("Added 12 tasks, 3 subscriptions and 2 files; 4 were already here."),
    ).toBeVisible();
    expect(section.getByLabelText("Choose the export's ZIP file")).toBeEnabled();
    const [call] = api.callsTo("POST", "/users/me/import");
    expect(call?.authorization).toMatch(/^Bearer /);
    const sent = (call?.body as FormData).get("file");
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe("life-admin-export.zip");
  });

  it("shows the refusal's message, and imports when a ZIP is chosen again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const detail =
      "The file is not a ZIP. Choose the .zip file that Export in Life Admin gave you.";
    api.answerNext("POST", "/users/me/import", () => json({ detail }, 415));
    const { section } = await importSection(api);
    await user.upload(section.getByLabelText("Choose the export's ZIP file"), ZIP);
    expect(await section.findByRole("alert")).toHaveTextContent(`Nothing was imported: ${detail}`);

    api.answerNext("POST", "/users/me/import", () => json(REPORT));
    await user.upload(section.getByLabelText("Choose the export's ZIP file"), ZIP);
    expect(await section.findByText(/^Added 12 tasks/)).toBeVisible();
    expect(section.queryByRole("alert")).toBeNull();
  });

  it("shows the first problem of a 422, which names the record and the field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const msg = "data.json, tasks[3].title: Task title is required";
    api.answerNext("POST", "/users/me/import", () =>
      json(
        {
          detail: [
            { loc: ["body", "file", "data.json", "tasks", 3, "title"], msg, type: "missing" },
          ],
        },
        422,
      ),
    );
    const { section } = await importSection(api);
    await user.upload(section.getByLabelText("Choose the export's ZIP file"), ZIP);
    expect(await section.findByRole("alert")).toHaveTextContent(`Nothing was imported: ${msg}`);
  });
});

describe("importReportText", () => {
  const none = { tasks: 0, subscriptions: 0, files: 0 };
  it("names what was added, one and many, and what was already here", () => {
    expect(importReportText({ added: { ...none, tasks: 1, completions: 0 }, skipped: none })).toBe(
      "Added 1 task.",
    );
    expect(
      importReportText({
        added: { tasks: 0, subscriptions: 1, files: 1, completions: 0 },
        skipped: { ...none, files: 1 },
      }),
    ).toBe("Added 1 subscription and 1 file; 1 was already here.");
  });

  it("says so when nothing was new, or there was nothing to import", () => {
    const nothing = { ...none, completions: 0 };
    expect(
      importReportText({ added: nothing, skipped: { tasks: 2, subscriptions: 1, files: 1 } }),
    ).toBe("Nothing new: all 4 records were already here.");
    expect(importReportText({ added: nothing, skipped: { ...none, tasks: 1 } })).toBe(
      "Nothing new: its one record was already here.",
    );
    expect(importReportText({ added: nothing, skipped: none })).toBe(
      "The export had nothing to import; your settings were applied.",
    );
  });
});
