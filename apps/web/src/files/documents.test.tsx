// issue 21: Documents, from the account menu: the person's files with what was made from each;
// Download saves the original bytes under the file's name; Delete asks first, and what was made
// from the file stays.
import type { StoredFile } from "@life-admin/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { NETFLIX } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

const user = userEvent.setup();

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const BILL: StoredFile = {
  id: 40,
  name: "netflix-bill.pdf",
  content_type: "application/pdf",
  size: 48_213,
  created_at: "2026-11-20T10:00:00Z",
  status: "read",
  proposal: null,
  error: null,
};

function seeded() {
  const api = fakeApi({ subscriptions: [{ ...NETFLIX, file_id: BILL.id }] });
  api.files.push(BILL);
  api.fileBytes.set(BILL.id, new TextEncoder().encode("%PDF-1.7 the bill"));
  return api;
}

async function openDocuments(api = seeded()) {
  renderApp("/dashboard", { api });
  await user.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
  await user.click(screen.getByRole("menuitem", { name: "Documents" }));
  return within(await shownDialog("Documents"));
}

describe("Documents (issue 21)", () => {
  it("offers Upload File from the empty list of a first visit, in its place", async () => {
    const documents = await openDocuments(fakeApi());
    await user.click(await documents.findByRole("button", { name: "Upload File" }));
    const upload = await shownDialog("Upload Files");
    expect(upload).toHaveTextContent("Drag and drop files here or click here to take a picture");
    expect(screen.queryByRole("dialog", { name: "Documents" })).not.toBeInTheDocument();
  });

  it("lists the files with what was made from each", async () => {
    const documents = await openDocuments();
    const [item] = await documents.findAllByRole("listitem");
    expect(item).toHaveTextContent("netflix-bill.pdf");
    expect(item).toHaveTextContent("PDF · 48 kB · Nov 20, 2026");
    expect(item).toHaveTextContent("Made into Netflix");
  });

  it("dates a file on the calendar of the person's time zone, where they kept it", async () => {
    // 20:00 UTC on 20 November: 09:00 on the 21st in Auckland, the zone picked in Settings.
    const api = fakeApi({
      user: { ...SAMPLE_USER, time_zone: "Pacific/Auckland", time_zone_chosen: true },
    });
    api.files.push({ ...BILL, created_at: "2026-11-20T20:00:00Z" });
    const documents = await openDocuments(api);
    const [item] = await documents.findAllByRole("listitem");
    expect(item).toHaveTextContent("PDF · 48 kB · Nov 21, 2026");
  });

  it("follows a file still being read until it is, while the list is open", async () => {
    const api = seeded();
    api.files.unshift({ ...BILL, id: 41, name: "gym-letter.pdf", status: "reading" });
    const documents = await openDocuments(api);
    const letter = (await documents.findAllByRole("listitem"))[0];
    expect(letter).toHaveTextContent("gym-letter.pdf");
    expect(letter).toHaveTextContent("Reading...");
    // The server finishes reading it.
    api.files[0] = { ...BILL, id: 41, name: "gym-letter.pdf", status: "read" };
    expect(
      await documents.findByRole("button", {
        name: "Make from it: a task or subscription from gym-letter.pdf",
      }),
    ).toBeInTheDocument();
    expect(documents.getAllByRole("listitem")[0]).not.toHaveTextContent("Reading...");
  });

  it("saves the file's bytes under its name", async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:document";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("netflix-bill.pdf");
    });
    const documents = await openDocuments();
    await user.click(await documents.findByRole("button", { name: "Download netflix-bill.pdf" }));
    await vi.waitFor(() => {
      expect(click).toHaveBeenCalledOnce();
    });
    expect(await saved[0]?.text()).toBe("%PDF-1.7 the bill");
  });

  it("names the file a record was made from in its edit form, and downloads it", async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:document";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderApp("/dashboard", { api: seeded() });
    const renewals = within(await screen.findByRole("region", { name: "Renewals Soon" }));
    await user.click(renewals.getByRole("button", { name: "Netflix" }));
    const edit = within(await shownDialog("Edit subscription"));
    expect(await edit.findByText(/^Made from/)).toHaveTextContent("Made from netflix-bill.pdf");
    await user.click(edit.getByRole("button", { name: "Download netflix-bill.pdf" }));
    await vi.waitFor(async () => {
      expect(await saved[0]?.text()).toBe("%PDF-1.7 the bill");
    });
  });

  it("deletes a file after the question; what was made from it stays", async () => {
    const api = seeded();
    const documents = await openDocuments(api);
    await user.click(await documents.findByRole("button", { name: "Delete netflix-bill.pdf" }));
    const question = within(screen.getByRole("alertdialog", { name: "Delete this file?" }));
    await user.click(question.getByRole("button", { name: "Delete file" }));
    expect(await documents.findByText(/^No documents yet/)).toBeVisible();
    expect(api.files).toEqual([]);
    expect(api.subscriptions.map((subscription) => subscription.name)).toEqual(["Netflix"]);
  });
  it("makes a task or subscription from a file nothing was made from yet, prefilled, linked to it", async () => {
    const api = seeded();
    // Read earlier, its form closed without saving: nothing points at it.
    const gym: StoredFile = {
      ...BILL,
      id: 41,
      name: "gym-renewal.pdf",
      proposal: {
        kind: "subscription",
        subscription: {
          name: "City Gym",
          cost: 35,
          frequency: "Monthly",
          interval: 1,
          next_renewal_date: "2026-12-01",
          remind_days_before: 7,
          priority: "Medium",
          active: true,
        },
        amount: 35,
        currency: "USD",
        confidence: {
          kind: 0.9,
          name: 0.9,
          next_renewal_date: 0.9,
          cost: 0.9,
          frequency: 0.9,
          amount: 0.9,
          currency: 0.9,
        },
      },
    };
    api.files.push(gym);
    const documents = await openDocuments(api);
    // The one made into Netflix offers nothing more.
    expect(
      await documents.findByRole("button", {
        name: "Make from it: a task or subscription from gym-renewal.pdf",
      }),
    ).toBeVisible();
    expect(
      documents.queryByRole("button", {
        name: "Make from it: a task or subscription from netflix-bill.pdf",
      }),
    ).toBeNull();

    await user.click(
      documents.getByRole("button", {
        name: "Make from it: a task or subscription from gym-renewal.pdf",
      }),
    );
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(screen.queryByRole("dialog", { name: "Documents" })).toBeNull();
    expect(add.getByText(/^Filled in from/)).toHaveTextContent("Filled in from gym-renewal.pdf.");
    expect(add.getByLabelText("Subscription Name")).toHaveValue("City Gym");
    await user.click(add.getByRole("button", { name: "Add to Subscriptions" }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/subscriptions/")).toHaveLength(1);
    });
    expect(api.callsTo("POST", "/subscriptions/")[0]?.body).toMatchObject({
      name: "City Gym",
      file_id: 41,
    });
  });
});
