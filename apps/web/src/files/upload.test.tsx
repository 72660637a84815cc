// issue 21: a bill handed over and read: Upload Files sends it (a progress bar), says "Reading...",
// then opens the Add form on the kind the assistant proposes, prefilled, the fields it was unsure
// of flagged until changed, and what is saved links the file; a file it cannot read offers "Fill
// in myself" and "Keep the file only"; a refusal keeps the file chosen with the API's message.
// The fake API's person writes their amounts in USD.
import type { FileProposal } from "@life-admin/domain/reading";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, json } from "../test/fake-api";
import { NOW, renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

const user = userEvent.setup();

// The Add form is a chunk of its own that the dashboard loads the first time it opens: loaded here
// first, so that each step waits on the upload's flow rather than on the test server compiling
// that module graph (over 5 s on a busy machine, which failed the first test in CI).
beforeAll(async () => {
  await import("../forms/item-dialog");
});

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const NETFLIX_BILL: FileProposal = {
  kind: "subscription",
  subscription: {
    name: "Netflix",
    cost: 15.99,
    frequency: "Monthly",
    interval: 1,
    next_renewal_date: "2026-12-14",
    remind_days_before: 7,
    priority: "Medium",
    active: true,
  },
  amount: 15.99,
  currency: "USD",
  confidence: {
    kind: 0.9,
    name: 0.9,
    next_renewal_date: 0.85,
    cost: 0.95,
    frequency: 0.4,
    amount: 0.95,
    currency: 0.9,
  },
};

/** A bill to pay, read as a task, that showed no date (today's is a placeholder). */
const WATER_BILL: FileProposal = {
  kind: "task",
  task: {
    title: "Pay water bill (Riverside Water)",
    due_date: "2026-11-29T00:00:00Z",
    frequency: "Once",
    interval: 1,
    priority: "Medium",
  },
  amount: 48,
  currency: "USD",
  confidence: { kind: 0.8, title: 0.85, due_date: 0, frequency: 0.8, amount: 0.9, currency: 0.95 },
};

const pdf = (name: string) => new File(["%PDF-1.7 a bill"], name, { type: "application/pdf" });

async function openUpload(api: FakeApi, now?: () => Date) {
  renderApp("/dashboard", { api, now });
  await user.click(await screen.findByRole("button", { name: "Upload File" }));
  return within(await shownDialog("Upload Files"));
}

type Upload = Awaited<ReturnType<typeof openUpload>>;

async function choose(dialog: Upload, file: File) {
  await user.upload(
    dialog.getByLabelText(/^Drag and drop files here or click here to take a picture/),
    file,
  );
}

describe("Upload Files (issue 21)", () => {
  it("sends the file with its progress, reads it, and opens the Add form prefilled; saving links the file", async () => {
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    const held = api.holdNext("POST", "/files/");
    await user.click(upload.getByRole("button", { name: "Done" }));

    const progress = await upload.findByRole("progressbar", { name: "Uploading netflix-bill.pdf" });
    await vi.waitFor(() => {
      expect(progress).toHaveAttribute("value", "1");
    });
    expect(upload.getByRole("status")).toHaveTextContent("Uploading...");
    held.release();

    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
    expect(add.getByText(/^Filled in from/)).toHaveTextContent(
      "Filled in from netflix-bill.pdf. Check the marked fields before you save.",
    );
    expect(add.getByLabelText("Subscription Name")).toHaveValue("Netflix");
    expect(add.getByLabelText("Cost")).toHaveValue("15.99");
    expect(add.getByLabelText("Next renewal Date")).toHaveValue("2026-12-14");
    // Unsure of the frequency: flagged until the person changes it.
    const [frequency] = add.getAllByLabelText("Frequency");
    if (frequency === undefined) throw new Error("no Frequency");
    expect(frequency).toHaveAccessibleDescription("Check this: read from netflix-bill.pdf");
    expect(add.getByLabelText("Subscription Name")).not.toHaveAccessibleDescription();
    await user.selectOptions(frequency, "Yearly");
    expect(frequency).not.toHaveAccessibleDescription();

    await user.click(add.getByRole("button", { name: "Add to Subscriptions" }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/subscriptions/")).toHaveLength(1);
    });
    const [saved] = api.callsTo("POST", "/subscriptions/");
    expect(saved?.body).toMatchObject({
      name: "Netflix",
      cost: 15.99,
      frequency: "Yearly",
      next_renewal_date: "2026-12-14",
      file_id: api.files[0]?.id,
    });
    expect((await screen.findAllByText("Netflix"))[0]).toBeVisible();
  });

  it("asks to check what was read, not marked fields, when the reading marked none", async () => {
    const sure = { ...NETFLIX_BILL, confidence: { ...NETFLIX_BILL.confidence, frequency: 0.9 } };
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: sure } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByText(/^Filled in from/)).toHaveTextContent(
      "Filled in from netflix-bill.pdf. Check what was read before you save.",
    );
    const [frequency] = add.getAllByLabelText("Frequency");
    expect(frequency).not.toHaveAccessibleDescription();
    // The task's tab, filled from the same reading, marks its fields.
    await user.click(add.getByRole("tab", { name: "Task" }));
    expect(add.getByText(/^Filled in from/)).toHaveTextContent(
      "Filled in from netflix-bill.pdf. Check the marked fields before you save.",
    );
  });

  it("marks a cost in another currency than the person's, however sure the reading", async () => {
    const pounds = {
      ...NETFLIX_BILL,
      currency: "GBP",
      confidence: { ...NETFLIX_BILL.confidence, frequency: 0.9 },
    };
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: pounds } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByText(/^Filled in from/)).toHaveTextContent(
      "Filled in from netflix-bill.pdf. Check the marked fields before you save.",
    );
    // The person's sign, then what the bill is in.
    expect(add.getByLabelText("Cost")).toHaveAccessibleDescription(
      "$ Check this: netflix-bill.pdf is in GBP",
    );
    expect(add.getByLabelText("Subscription Name")).not.toHaveAccessibleDescription();
  });

  it("says a date was not found rather than read, and keeps a bill's amount in the task's notes", async () => {
    const api = fakeApi({ readings: { "water.pdf": { proposal: WATER_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("water.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByLabelText("Due Date")).toHaveAccessibleDescription(
      "Not found in water.pdf; today's date filled in",
    );
    expect(add.getByLabelText("Task Title")).not.toHaveAccessibleDescription();
    expect(add.getByLabelText("Notes (Optional)")).toHaveValue("Amount: $48.00");
    expect(add.getByLabelText("Notes (Optional)")).not.toHaveAccessibleDescription();

    await user.click(add.getByRole("button", { name: "Save and add to calendar" }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/")).toHaveLength(1);
    });
    expect(api.callsTo("POST", "/tasks/")[0]?.body).toMatchObject({ notes: "Amount: $48.00" });
  });

  it("offers to fill in the form or keep the file only when the file cannot be read", async () => {
    const api = fakeApi();
    let upload = await openUpload(api);
    await choose(upload, pdf("scan.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    expect(await upload.findByRole("alert")).toHaveTextContent(
      "We could not read this file: No text was found in it. It is kept in your Documents (in the account menu).",
    );
    await user.click(upload.getByRole("button", { name: "Keep the file only" }));
    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    // The page says where it went.
    expect(screen.getByRole("status")).toHaveTextContent("scan.pdf is kept in Documents.");
    expect(api.files.map((file) => file.name)).toEqual(["scan.pdf"]);

    await user.click(screen.getByRole("button", { name: "Upload File" }));
    upload = within(await shownDialog("Upload Files"));
    await choose(upload, pdf("letter.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await user.click(await upload.findByRole("button", { name: "Fill in myself" }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByText(/linked to/)).toHaveTextContent(
      "What you save will be linked to letter.pdf.",
    );
    expect(add.getByLabelText("Task Title")).toHaveValue("");
  });

  it("starts focus on the first field to check, or the first field when nothing was read", async () => {
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    let upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    let add = within(await shownDialog("Add New Task/Subscription"));
    // The reading was unsure of the frequency only: a keyboard starts there, not on the note.
    const [frequency] = add.getAllByLabelText("Frequency");
    await vi.waitFor(() => {
      expect(frequency).toHaveFocus();
    });
    await user.click(add.getByRole("button", { name: "Keep the file only" }));
    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(screen.getByText("netflix-bill.pdf is kept in Documents.")).toHaveAttribute(
      "role",
      "status",
    );

    await user.click(screen.getByRole("button", { name: "Upload File" }));
    upload = within(await shownDialog("Upload Files"));
    await choose(upload, pdf("letter.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await user.click(await upload.findByRole("button", { name: "Fill in myself" }));
    add = within(await shownDialog("Add New Task/Subscription"));
    await vi.waitFor(() => {
      expect(add.getByLabelText("Task Title")).toHaveFocus();
    });
  });

  it("keeps the file chosen, with the API's message, when the API refuses it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/files/", () =>
      json({ detail: "This file is larger than 20 MB, the most one upload may be." }, 413),
    );
    const upload = await openUpload(api);
    await choose(upload, pdf("huge.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    expect(await upload.findByRole("alert")).toHaveTextContent(
      "This file is larger than 20 MB, the most one upload may be.",
    );
    expect(upload.getByText("huge.pdf")).toBeVisible();
    expect(upload.getByRole("button", { name: "Done" })).toBeEnabled();
  });

  it("tells a screen reader, as the form opens, what it was filled in from", async () => {
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    // Focus starts past the note, on the field to check: the dialog itself says it.
    expect(await shownDialog("Add New Task/Subscription")).toHaveAccessibleDescription(
      "Filled in from netflix-bill.pdf. Check the marked fields before you save.",
    );
  });

  it("forgets the API's refusal of a file once another is chosen", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/files/", () =>
      json({ detail: "Invalid file type. Please upload a PNG, JPG, PDF, or DOC file." }, 415),
    );
    const upload = await openUpload(api);
    await choose(upload, pdf("setup.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    expect(await upload.findByRole("alert")).toHaveTextContent("Invalid file type.");
    await choose(upload, pdf("bill.pdf"));
    expect(upload.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sends another file after one that could not be read", async () => {
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("locked.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    expect(await upload.findByRole("alert")).toHaveTextContent("We could not read this file");
    await choose(upload, pdf("netflix-bill.pdf"));
    expect(upload.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(upload.getByRole("button", { name: "Done" }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByLabelText("Subscription Name")).toHaveValue("Netflix");
  });

  it("waits through a dropped connection while the file is read, then opens the form: one file sent", async () => {
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await vi.waitFor(() => {
      expect(api.files).toHaveLength(1);
    });
    // The connection drops before the first look at the reading (half a second after the upload).
    api.answerNext("GET", `/files/${String(api.files[0]?.id)}`, () => {
      throw new TypeError("Failed to fetch");
    });
    await vi.waitFor(() => {
      expect(upload.getByRole("status")).toHaveTextContent(
        "Reading... The connection was lost: trying again.",
      );
    });
    expect(upload.queryByRole("alert")).not.toBeInTheDocument();
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByLabelText("Subscription Name")).toHaveValue("Netflix");
    expect(api.callsTo("POST", "/files/")).toHaveLength(1);
  });
  it("waits through a server error while the file is read, then opens the form: one file sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
    const upload = await openUpload(api);
    await choose(upload, pdf("netflix-bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await vi.waitFor(() => {
      expect(api.files).toHaveLength(1);
    });
    api.answerNext("GET", `/files/${String(api.files[0]?.id)}`, () =>
      json({ detail: "Internal Server Error" }, 500),
    );
    await vi.waitFor(() => {
      expect(upload.getByRole("status")).toHaveTextContent(
        "Reading... The server had a problem: trying again.",
      );
    });
    expect(upload.queryByRole("button", { name: "Done" })).not.toBeInTheDocument();
    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByLabelText("Subscription Name")).toHaveValue("Netflix");
    expect(api.callsTo("POST", "/files/")).toHaveLength(1);
  });

  it("says so when the file is deleted while it is read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const upload = await openUpload(api);
    await choose(upload, pdf("bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await vi.waitFor(() => {
      expect(api.files).toHaveLength(1);
    });
    // Deleted in another tab before the first look.
    api.files.splice(0, 1);
    expect(await upload.findByRole("alert")).toHaveTextContent(
      "bill.pdf was deleted while it was being read.",
    );
    expect(api.callsTo("POST", "/files/")).toHaveLength(1);
  });

  it("offers no second sending of a stored file when looking at its reading fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const upload = await openUpload(api);
    await choose(upload, pdf("bill.pdf"));
    await user.click(upload.getByRole("button", { name: "Done" }));
    await vi.waitFor(() => {
      expect(api.files).toHaveLength(1);
    });
    api.answerNext("GET", `/files/${String(api.files[0]?.id)}`, () => json({ status: "unknown" }));
    expect(await upload.findByRole("alert")).toHaveTextContent(
      "It is kept in your Documents (in the account menu).",
    );
    expect(upload.getByRole("button", { name: "Done" })).toHaveAttribute("aria-disabled", "true");
  });

  describe("when the reading cannot be seen for long", () => {
    /** Moves the fake clock on by `ms` in half-second steps, each look answered before the next. */
    async function passTime(ms: number) {
      for (let passed = 0; passed < ms; passed += 500) {
        await act(() => vi.advanceTimersByTimeAsync(500));
      }
    }

    /** Every look at a stored file's reading answered by `failure`, until `failing` is false. */
    function failLooks(api: FakeApi, failure: () => Promise<Response>) {
      const looks = { failing: true };
      const answer = api.fetch;
      api.fetch = (request) =>
        looks.failing && request.method === "GET" && /\/files\/\d+$/.test(request.url)
          ? failure()
          : answer(request);
      return looks;
    }

    it("stops after two minutes, says the file is in Documents, and Try again waits for it again", async () => {
      vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
      const api = fakeApi({ readings: { "netflix-bill.pdf": { proposal: NETFLIX_BILL } } });
      // The network gone for good, it seems, once the file is sent.
      const looks = failLooks(api, () => Promise.reject(new TypeError("Failed to fetch")));
      const upload = await openUpload(api, () => new Date());
      await choose(upload, pdf("netflix-bill.pdf"));
      await user.click(upload.getByRole("button", { name: "Done" }));
      // Found by its words: the dialog may hold the page's own status region too.
      expect(
        await upload.findByText("Reading... The connection was lost: trying again."),
      ).toBeVisible();

      await passTime(110_000);
      expect(upload.getByText(/^Reading\.\.\. The connection was lost/)).toBeVisible();
      expect(upload.queryByRole("alert")).not.toBeInTheDocument();
      await passTime(15_000);
      expect(upload.getByRole("alert")).toHaveTextContent(
        "The connection is still lost, so we cannot see how the reading went. It is kept in your " +
          "Documents (in the account menu). There, “Make from it” makes a task or subscription " +
          "from it. Or try again now.",
      );
      expect(upload.queryByText(/trying again/)).not.toBeInTheDocument();
      expect(upload.getByRole("button", { name: "Try again" })).toHaveFocus();
      // It has stopped asking.
      const asked = api.calls.length;
      await passTime(10_000);
      expect(api.calls).toHaveLength(asked);

      looks.failing = false;
      await user.click(upload.getByRole("button", { name: "Try again" }));
      const add = within(await shownDialog("Add New Task/Subscription"));
      expect(add.getByLabelText("Subscription Name")).toHaveValue("Netflix");
      expect(api.callsTo("POST", "/files/")).toHaveLength(1);
    });

    it("closes from Leave it in Documents, the file kept", async () => {
      vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const api = fakeApi();
      failLooks(api, () => Promise.resolve(json({ detail: "Service Unavailable" }, 503)));
      const upload = await openUpload(api, () => new Date());
      await choose(upload, pdf("bill.pdf"));
      await user.click(upload.getByRole("button", { name: "Done" }));
      await passTime(125_000);
      expect(upload.getByRole("alert")).toHaveTextContent(
        /^The server is still failing, so we cannot see how the reading went. It is kept in your Documents/,
      );
      await user.click(upload.getByRole("button", { name: "Leave it in Documents" }));
      await vi.waitFor(() => {
        expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      });
      expect(api.files.map((file) => file.name)).toEqual(["bill.pdf"]);
    });
  });
});
