// issue 19: "Download .ics" saves the task's iCalendar text under a name made from its title, from
// All Tasks and from the edit form; a failure says what happened.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

const user = userEvent.setup();

/** What the browser was asked to save: each <a download> clicked, with its blob. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${String((next += 1))}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("Download .ics (issue 19)", () => {
  it("saves the task's calendar file from its card in All Tasks", async () => {
    const saved = watchDownloads();
    const api = fakeApi({ tasks: [PASSPORT] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "View all tasks" }));
    const dialog = within(await shownDialog("All Tasks"));
    await user.click(dialog.getByRole("button", { name: /^Download \.ics for / }));

    await vi.waitFor(() => {
      expect(saved.map((file) => file.name)).toEqual(["renew-passport.ics"]);
    });
    const [file] = saved;
    expect(file?.blob?.type).toBe("text/calendar");
    expect(await file?.blob?.text()).toContain("SUMMARY:Renew passport");
    expect(api.callsTo("GET", `/tasks/${String(PASSPORT.id)}/ics`)).toHaveLength(1);
  });

  it("says why when the file cannot be had, in the open list", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const saved = watchDownloads();
    const api = fakeApi({ tasks: [PASSPORT] });
    api.answerNext("GET", `/tasks/${String(PASSPORT.id)}/ics`, () =>
      json({ detail: "Task not found" }, 404),
    );
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "View all tasks" }));
    const dialog = within(await shownDialog("All Tasks"));
    await user.click(dialog.getByRole("button", { name: /^Download \.ics for / }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "Could not download “Renew passport” as an .ics file: Task not found",
    );
    expect(saved).toEqual([]);
  });

  it("saves it from the edit form too", async () => {
    const saved = watchDownloads();
    renderApp("/dashboard", { api: fakeApi({ tasks: [PASSPORT] }) });
    await screen.findByText("Good Morning, Ada Lovelace");
    const [name] = screen.getAllByRole("button", { name: "Renew passport" });
    if (name === undefined) throw new Error("the task is not listed");
    await user.click(name);
    const dialog = within(await shownDialog("Edit task"));
    await user.click(dialog.getByRole("button", { name: "Download .ics" }));
    await vi.waitFor(() => {
      expect(saved.map((file) => file.name)).toEqual(["renew-passport.ics"]);
    });
  });
});
