// spec 2, 3, 4, 5, 8, 9 and decisions D6, D7: Add New Task/Subscription on the dashboard: the
// fields, the messages beside them, the bodies sent exactly as the API expects, the busy state,
// the server's message in the banner, and success closing the modal and reloading the lists.
// issue 18: closing a form with something typed in it asks first.
import type { Household } from "@life-admin/domain/household";
import type { FileProposal } from "@life-admin/domain/reading";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, SAMPLE_USER, fakeApi, json, validationError } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { GYM, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = userEvent.setup();

async function openAddModal(api: FakeApi = fakeApi(), locale?: string) {
  renderApp("/dashboard", { api, locale });
  await screen.findByText("Good Morning, Ada Lovelace");
  await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
  const chooser = within(await shownDialog("What would you like to add?"));
  await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
  const dialog = await shownDialog("Add New Task/Subscription");
  return { api, dialog: within(dialog) };
}

async function openSubscriptionTab(api?: FakeApi, locale?: string) {
  const opened = await openAddModal(api, locale);
  await user.click(opened.dialog.getByRole("tab", { name: "Subscription" }));
  return opened;
}

type Dialog = Awaited<ReturnType<typeof openAddModal>>["dialog"];

/** Types into text fields and picks in selects, by label (the first field of that name). */
async function fill(dialog: Dialog, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const [field] = dialog.getAllByLabelText(label);
    if (field === undefined) throw new Error(`no field ${label}`);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else await user.type(field, value);
  }
}

async function press(dialog: Dialog, name: string) {
  await user.click(dialog.getByRole("button", { name }));
}

/** The body of the one POST the form sent to `path`. */
async function sentBody(api: FakeApi, path: string): Promise<unknown> {
  await vi.waitFor(() => {
    expect(api.callsTo("POST", path)).toHaveLength(1);
  });
  return api.callsTo("POST", path)[0]?.body;
}

async function closed() {
  await vi.waitFor(() => {
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
}

const TASK = { "Task Title": "Renew passport", "Due Date": "2026-11-23" };
const SAVE_TASK = "Save and add to calendar";
const SAVE_SUBSCRIPTION = "Add to Subscriptions";

/** The message shown beside a field: its description, marked invalid. */
function messageOf(field: HTMLElement): string {
  expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("the Task tab (spec 2, 3, 5, 9)", () => {
  it("starts on Task with the spec's fields and defaults", async () => {
    const { dialog } = await openAddModal();
    expect(dialog.getByRole("tab", { name: "Task" })).toHaveAttribute("aria-selected", "true");
    expect(dialog.getByLabelText("Task Title")).toHaveValue("");
    expect(dialog.getByLabelText("Due Date")).toHaveAttribute("type", "date");
    expect(dialog.getByLabelText("Time")).toHaveAttribute("type", "time");
    expect(dialog.getByLabelText("Frequency")).toHaveValue("Daily");
    expect(dialog.getByLabelText("Priority")).toHaveValue("Medium");
    expect(dialog.getByText("Medium Priority")).toBeInTheDocument();
    expect(
      within(dialog.getByLabelText("Assigned To"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Myself"]);
    expect(dialog.getByLabelText("Notes (Optional)")).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: SAVE_TASK })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });

  it("shows the chosen priority in the badge", async () => {
    const { dialog } = await openAddModal();
    await user.selectOptions(dialog.getByLabelText("Priority"), "High");
    expect(dialog.getByText("High Priority")).toBeInTheDocument();
  });

  it("shows the required messages beside Task Title and Due Date, and sends nothing", async () => {
    const { api, dialog } = await openAddModal();
    await press(dialog, SAVE_TASK);
    expect(messageOf(dialog.getByLabelText("Task Title"))).toBe("Task title is required");
    expect(messageOf(dialog.getByLabelText("Due Date"))).toBe("Due date is required");
    expect(dialog.getByLabelText("Time")).not.toHaveAttribute("aria-invalid");
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
  });

  it("treats a title of spaces as missing", async () => {
    const { dialog } = await openAddModal();
    await user.type(dialog.getByLabelText("Task Title"), "   ");
    await press(dialog, SAVE_TASK);
    expect(messageOf(dialog.getByLabelText("Task Title"))).toBe("Task title is required");
  });

  it("treats a title of invisible characters and direction controls as missing, and sends nothing", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, { ...TASK, "Task Title": "\u200B\u202E\u2066\uFEFF" });
    await press(dialog, SAVE_TASK);
    expect(messageOf(dialog.getByLabelText("Task Title"))).toBe("Task title is required");
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
  });

  it("sends the task exactly as the API expects: due_date {date}T{time}:00Z", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, {
      ...TASK,
      Time: "09:30",
      Frequency: "Yearly",
      Priority: "High",
      "Notes (Optional)": "Photos first",
    });
    await press(dialog, SAVE_TASK);

    expect(await sentBody(api, "/tasks/")).toEqual({
      title: "Renew passport",
      due_date: "2026-11-23T09:30:00Z",
      frequency: "Yearly",
      interval: 1,
      repeat_until: null,
      priority: "High",
      notes: "Photos first",
    });
  });

  it("sends 00:00 when Time is empty, the defaults (Daily, every 1, no end), and no notes as null", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, { "Task Title": "Book dentist", "Due Date": "2026-12-01" });
    await press(dialog, SAVE_TASK);

    expect(await sentBody(api, "/tasks/")).toEqual({
      title: "Book dentist",
      due_date: "2026-12-01T00:00:00Z",
      frequency: "Daily",
      interval: 1,
      repeat_until: null,
      priority: "Medium",
      notes: null,
    });
  });

  it("reads Adding... while saving, then closes and reloads tasks and subscriptions", async () => {
    const api = fakeApi();
    const { dialog } = await openAddModal(api);
    const held = api.holdNext("POST", "/tasks/");
    await fill(dialog, TASK);
    await press(dialog, SAVE_TASK);

    const busy = await dialog.findByRole("button", { name: "Adding..." });
    // Busy, it keeps focus: not pressable, but not `disabled` (which would drop it to the body).
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await act(async () => {
      held.release();
      await Promise.resolve();
    });

    await closed();
    expect(
      await within(screen.getByRole("region", { name: "Tasks" })).findByText("Renew passport"),
    ).toBeInTheDocument();
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    expect(api.callsTo("GET", "/subscriptions/")).toHaveLength(2);
  });

  it("shows the new task at once, while the lists' reload is still on its way", async () => {
    const api = fakeApi();
    const { dialog } = await openAddModal(api);
    const reload = api.holdNext("GET", "/tasks/");
    await fill(dialog, {
      "Task Title": "Book dentist",
      "Due Date": "2026-11-22",
      Frequency: "Once",
    });
    await press(dialog, SAVE_TASK);
    await closed();

    const summary = within(screen.getByRole("region", { name: "Tasks" }));
    expect(await summary.findByText("Book dentist")).toBeInTheDocument();
    const agenda = within(screen.getByRole("region", { name: "Next 7 days" }));
    expect(agenda.getByText("Book dentist")).toBeInTheDocument();
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    await act(async () => {
      reload.release();
      await Promise.resolve();
    });
    expect(summary.getAllByText("Book dentist")).toHaveLength(1);
  });

  it("shows the server's message above the form and keeps the modal and the input", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/tasks/", () => validationError("title", "Title is too long"));
    const { dialog } = await openAddModal(api);
    await fill(dialog, TASK);
    await press(dialog, SAVE_TASK);

    expect(await dialog.findByRole("alert")).toHaveTextContent("Title is too long");
    expect(dialog.getByLabelText("Task Title")).toHaveValue("Renew passport");
    expect(dialog.getByLabelText("Due Date")).toHaveValue("2026-11-23");
    expect(dialog.getByRole("button", { name: SAVE_TASK })).toBeEnabled();
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(1);
  });

  it("clears the banner when the form is sent again, and succeeds the second time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/tasks/", () => json({ detail: "Database unavailable" }, 503));
    const { dialog } = await openAddModal(api);
    await fill(dialog, TASK);
    await press(dialog, SAVE_TASK);
    expect(await dialog.findByRole("alert")).toHaveTextContent("Database unavailable");

    const held = api.holdNext("POST", "/tasks/");
    await press(dialog, SAVE_TASK);
    await dialog.findByRole("button", { name: "Adding..." });
    expect(dialog.queryByRole("alert")).not.toBeInTheDocument();
    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    await closed();
  });

  it("closes on Cancel, reloads, and opens afresh next time", async () => {
    const { api, dialog } = await openAddModal();
    await user.type(dialog.getByLabelText("Task Title"), "Half typed");
    await press(dialog, SAVE_TASK);
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    // Something was typed: closing asks first (issue 18).
    const question = within(
      await screen.findByRole("alertdialog", { name: "Discard what you typed?" }),
    );
    await user.click(question.getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    });

    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    const again = within(await shownDialog("Add New Task/Subscription"));
    expect(again.getByLabelText("Task Title")).toHaveValue("");
    expect(again.getByLabelText("Task Title")).not.toHaveAttribute("aria-invalid");
  });

  it("keeps what was typed in each tab when switching between them", async () => {
    const { dialog } = await openAddModal();
    await user.type(dialog.getByLabelText("Task Title"), "Renew passport");
    await user.click(dialog.getByRole("tab", { name: "Subscription" }));
    await user.type(dialog.getByLabelText("Subscription Name"), "Netflix");
    await user.click(dialog.getByRole("tab", { name: "Task" }));
    expect(dialog.getByLabelText("Task Title")).toHaveValue("Renew passport");
    await user.click(dialog.getByRole("tab", { name: "Subscription" }));
    expect(dialog.getByLabelText("Subscription Name")).toHaveValue("Netflix");
  });
});

describe("the Subscription tab (spec 2, 3, 5, 9, decisions D7)", () => {
  it("shows the person's currency's sign before the cost (issue 22)", async () => {
    const { dialog } = await openSubscriptionTab(
      fakeApi({ user: { ...SAMPLE_USER, currency: "EUR", currency_chosen: true } }),
    );
    expect(dialog.getByLabelText("Cost")).toHaveAccessibleDescription("€");
  });

  it("shows the spec's fields and defaults", async () => {
    const { dialog } = await openSubscriptionTab();
    expect(dialog.getByLabelText("Subscription Name")).toHaveAttribute("placeholder", "eg Netflix");
    expect(dialog.getByLabelText("Next renewal Date")).toHaveAttribute("type", "date");
    const cost = dialog.getByLabelText("Cost");
    expect(cost).toHaveAttribute("inputmode", "decimal");
    expect(cost).toHaveAttribute("placeholder", "0.00");
    // issue 22: the sign of the person's currency (US dollars until they pick one, in en-US).
    expect(cost).toHaveAccessibleDescription("$");
    const remind = dialog.getByLabelText("Remind Me");
    expect(remind).toHaveValue("7 days before");
    expect(
      within(remind)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "1 day before",
      "3 days before",
      "7 days before",
      "14 days before",
      "30 days before",
    ]);
    expect(dialog.getByText("Medium Priority")).toBeInTheDocument();
    expect(dialog.getByLabelText("Assigned To")).toHaveValue("Myself");
    expect(dialog.getByLabelText("Cancelation link")).toBeInTheDocument();
    expect(
      dialog.getByText("Where you cancel this subscription, if you know it."),
    ).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Find" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: SAVE_SUBSCRIPTION })).toBeInTheDocument();
  });

  it("shows Frequency twice, both bound to one value", async () => {
    const { dialog } = await openSubscriptionTab();
    const [first, second] = dialog.getAllByLabelText("Frequency") as [HTMLElement, HTMLElement];
    expect(first).toHaveValue("Daily");
    await user.selectOptions(second, "Monthly");
    expect(first).toHaveValue("Monthly");
    await user.selectOptions(first, "Yearly");
    expect(second).toHaveValue("Yearly");
  });

  it("shows the messages beside name, date and cost, and sends nothing", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(dialog.getByLabelText("Subscription Name"))).toBe(
      "Subscription name is required",
    );
    expect(messageOf(dialog.getByLabelText("Next renewal Date"))).toBe(
      "Next renewal date is required",
    );
    expect(messageOf(dialog.getByLabelText("Cost"))).toContain("Cost is required");
    expect(dialog.getByLabelText("Cancelation link")).not.toHaveAttribute("aria-invalid");
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);
  });

  it("treats a name of invisible characters only as missing, and sends nothing", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await user.type(dialog.getByLabelText("Subscription Name"), "\u200B\u200F\u2060");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(dialog.getByLabelText("Subscription Name"))).toBe(
      "Subscription name is required",
    );
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);
  });

  it("refuses a negative cost, more than two decimals and a link that is not a web address", async () => {
    const { dialog } = await openSubscriptionTab();
    await user.type(dialog.getByLabelText("Cost"), "-1");
    await user.type(dialog.getByLabelText("Cancelation link"), "javascript:alert(1)");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(dialog.getByLabelText("Cost"))).toContain("Cost cannot be negative");
    expect(messageOf(dialog.getByLabelText("Cancelation link"))).toContain(
      "Cancel link must be a full web address starting with http:// or https://",
    );

    await user.clear(dialog.getByLabelText("Cost"));
    await user.type(dialog.getByLabelText("Cost"), "1.999");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(dialog.getByLabelText("Cost"))).toContain(
      "Cost can have at most two decimals",
    );
  });

  it("sends the subscription exactly as the API expects: cost a number, priority Medium, the reminder's days, no link as null", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await fill(dialog, {
      "Subscription Name": "Netflix",
      "Next renewal Date": "2026-12-05",
      Cost: "12.99",
      Frequency: "Monthly",
      "Remind Me": "14 days before",
    });
    await press(dialog, SAVE_SUBSCRIPTION);

    expect(await sentBody(api, "/subscriptions/")).toEqual({
      name: "Netflix",
      next_renewal_date: "2026-12-05",
      cost: 12.99,
      frequency: "Monthly",
      interval: 1,
      priority: "Medium",
      cancel_link: null,
      remind_days_before: 14,
      active: true,
    });
  });

  it("sends the defaults (Daily, every 1, 7 days) and a given cancel link", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await fill(dialog, {
      "Subscription Name": "Gym",
      "Next renewal Date": "2026-11-30",
      Cost: "30",
      "Cancelation link": "https://gym.example/cancel",
    });
    await press(dialog, SAVE_SUBSCRIPTION);

    expect(await sentBody(api, "/subscriptions/")).toEqual({
      name: "Gym",
      next_renewal_date: "2026-11-30",
      cost: 30,
      frequency: "Daily",
      interval: 1,
      priority: "Medium",
      cancel_link: "https://gym.example/cancel",
      remind_days_before: 7,
      active: true,
    });
  });

  it("reads Adding... while saving, then closes and shows the new subscription", async () => {
    const api = fakeApi();
    const { dialog } = await openSubscriptionTab(api);
    const held = api.holdNext("POST", "/subscriptions/");
    await fill(dialog, {
      "Subscription Name": "Netflix",
      "Next renewal Date": "2026-11-25",
      Cost: "12.99",
    });
    await press(dialog, SAVE_SUBSCRIPTION);

    expect(await dialog.findByRole("button", { name: "Adding..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    await closed();
    expect(
      await within(screen.getByRole("region", { name: "Renewals Soon" })).findByText("Netflix"),
    ).toBeInTheDocument();
    expect(api.callsTo("GET", "/subscriptions/")).toHaveLength(2);
  });

  it("says the subscription is saved in the page's status region, which can be dismissed", async () => {
    const { dialog } = await openSubscriptionTab();
    await fill(dialog, {
      "Subscription Name": "Netflix",
      "Next renewal Date": "2026-12-25",
      Cost: "12.99",
    });
    await press(dialog, SAVE_SUBSCRIPTION);
    await closed();

    const notice = await screen.findByText("Saved. “Netflix” is in your subscriptions.");
    expect(notice).toHaveAttribute("role", "status");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(notice).toBeEmptyDOMElement();
  });

  it("shows the new subscription at once, while the lists' reload is still on its way", async () => {
    const api = fakeApi();
    const { dialog } = await openSubscriptionTab(api);
    const reload = api.holdNext("GET", "/subscriptions/");
    await fill(dialog, {
      "Subscription Name": "Spotify",
      "Next renewal Date": "2026-11-24",
      Cost: "9.99",
    });
    await press(dialog, SAVE_SUBSCRIPTION);
    await closed();

    const renewals = within(screen.getByRole("region", { name: "Renewals Soon" }));
    expect(await renewals.findByText("Spotify")).toBeInTheDocument();
    expect(api.callsTo("GET", "/subscriptions/")).toHaveLength(2);
    await act(async () => {
      reload.release();
      await Promise.resolve();
    });
    expect(renewals.getAllByText("Spotify")).toHaveLength(1);
  });

  it("shows the server's 422 message in the banner and keeps the input", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/subscriptions/", () =>
      validationError("cost", "Cost must be at most 1,000,000"),
    );
    const { dialog } = await openSubscriptionTab(api);
    await fill(dialog, {
      "Subscription Name": "Yacht club",
      "Next renewal Date": "2026-11-25",
      Cost: "999",
    });
    await press(dialog, SAVE_SUBSCRIPTION);

    expect(await dialog.findByRole("alert")).toHaveTextContent("Cost must be at most 1,000,000");
    expect(dialog.getByLabelText("Subscription Name")).toHaveValue("Yacht club");
    expect(dialog.getByLabelText("Cost")).toHaveValue("999");
    expect(screen.getByRole("dialog", { name: "Add New Task/Subscription" })).toBeInTheDocument();
  });

  it("does nothing but log when Find is pressed (spec 2)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { api, dialog } = await openSubscriptionTab();
    const before = api.calls.length;
    await user.click(dialog.getByRole("button", { name: "Find" }));
    expect(info).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(before);
    expect(screen.getByRole("dialog", { name: "Add New Task/Subscription" })).toBeInTheDocument();
  });
});

describe("the cost in the person's currency (its own decimals)", () => {
  const inCurrency = (currency: string, seed: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({ ...seed, user: { ...SAMPLE_USER, currency, currency_chosen: true } });

  it("refuses decimals in yen with the currency's message and sends nothing, then saves a whole amount", async () => {
    const { api, dialog } = await openSubscriptionTab(inCurrency("JPY"));
    const cost = dialog.getByLabelText("Cost");
    expect(cost).toHaveAttribute("placeholder", "0");
    await fill(dialog, {
      "Subscription Name": "Netflix",
      "Next renewal Date": "2026-12-05",
      Cost: "1234.5",
    });
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(cost)).toContain("Japanese Yen amounts have no decimals");
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);

    await user.clear(cost);
    await user.type(cost, "1234");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(await sentBody(api, "/subscriptions/")).toMatchObject({ name: "Netflix", cost: 1234 });
  });

  it("holds a three-decimal currency to two decimals, saying so rather than rounding", async () => {
    const { api, dialog } = await openSubscriptionTab(inCurrency("KWD"));
    const cost = dialog.getByLabelText("Cost");
    expect(cost).toHaveAttribute("placeholder", "0.00");
    await fill(dialog, {
      "Subscription Name": "Gym",
      "Next renewal Date": "2026-12-05",
      Cost: "12.345",
    });
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(cost)).toContain(
      "Use at most 2 decimals: Life Admin does not keep a third decimal of Kuwaiti Dinar yet",
    );
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);
  });

  it("takes a cost typed with a German decimal comma as the person means it", async () => {
    const { api, dialog } = await openSubscriptionTab(inCurrency("EUR"), "de-DE");
    const cost = dialog.getByLabelText("Cost");
    expect(cost).toHaveAttribute("placeholder", "0,00");
    await fill(dialog, {
      "Subscription Name": "Netflix",
      "Next renewal Date": "2026-12-05",
      Cost: "12,99",
    });
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(await sentBody(api, "/subscriptions/")).toMatchObject({ name: "Netflix", cost: 12.99 });
  });

  it("shows a German person's cost in their writing in the edit form, and keeps it unchanged", async () => {
    const api = inCurrency("EUR", { subscriptions: [{ ...GYM, cost: 1234.5 }] });
    renderApp("/dashboard", { api, locale: "de-DE" });
    await screen.findByText("Good Morning, Ada Lovelace");
    const [gym] = await screen.findAllByRole("button", { name: "Gym" });
    if (gym === undefined) throw new Error("the subscription is not listed");
    await user.click(gym);
    const edit = within(await shownDialog("Edit subscription"));
    expect(edit.getByLabelText("Cost")).toHaveValue("1234,50");
    await user.type(edit.getByLabelText("Subscription Name"), " club");
    await press(edit, "Save changes");
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([
        expect.objectContaining({ body: { name: "Gym club" } }),
      ]);
    });
  });

  it("edits a subscription stored with decimals its currency has not, keeping its cost", async () => {
    const api = inCurrency("JPY", { subscriptions: [{ ...GYM, cost: 1234.5 }] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    const [gym] = await screen.findAllByRole("button", { name: "Gym" });
    if (gym === undefined) throw new Error("the subscription is not listed");
    await user.click(gym);
    const edit = within(await shownDialog("Edit subscription"));
    expect(edit.getByLabelText("Cost")).toHaveValue("1234.5");
    await user.type(edit.getByLabelText("Subscription Name"), " club");
    await press(edit, "Save changes");
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([
        expect.objectContaining({ body: { name: "Gym club" } }),
      ]);
    });
  });

  it("flags a cost read from a document that the person's currency refuses", async () => {
    const proposal: FileProposal = {
      kind: "subscription",
      subscription: {
        name: "Netflix",
        cost: 12.34,
        frequency: "Monthly",
        interval: 1,
        next_renewal_date: "2026-12-14",
        remind_days_before: 7,
        priority: "Medium",
        active: true,
      },
      amount: 12.34,
      currency: null,
      confidence: {
        kind: 0.9,
        name: 0.9,
        next_renewal_date: 0.9,
        cost: 0.95,
        frequency: 0.9,
        amount: 0.95,
        currency: 0,
      },
    };
    renderApp("/dashboard", { api: inCurrency("JPY", { readings: { "bill.pdf": { proposal } } }) });
    await user.click(await screen.findByRole("button", { name: "Upload File" }));
    const upload = within(await shownDialog("Upload Files"));
    await user.upload(
      upload.getByLabelText(/^Drag and drop files here or click here to take a picture/),
      new File(["%PDF-1.7 a bill"], "bill.pdf", { type: "application/pdf" }),
    );
    await user.click(upload.getByRole("button", { name: "Done" }));

    const add = within(await shownDialog("Add New Task/Subscription"));
    expect(add.getByText(/^Filled in from/)).toHaveTextContent(
      "Filled in from bill.pdf. Check the marked fields before you save.",
    );
    const cost = add.getByLabelText("Cost");
    expect(cost).toHaveValue("12.34");
    expect(cost).toHaveAccessibleDescription("¥ Check this: Japanese Yen amounts have no decimals");
    await user.clear(cost);
    await user.type(cost, "1234");
    expect(cost).toHaveAccessibleDescription("¥");
  });
});

describe("Repeat until (decisions D9: a series that ends)", () => {
  it("lets a task that happens once save whatever its hidden Repeat until holds", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, { ...TASK, Frequency: "Weekly" });
    // A date input takes a year of five digits, which no schema does.
    fireEvent.input(dialog.getByLabelText("Repeat until"), { target: { value: "10000-01-01" } });
    await fill(dialog, { Frequency: "Once" });
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({ frequency: "Once", repeat_until: null });
  });

  it("sends the end date typed, and none for a task that happens once", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, { ...TASK, Frequency: "Weekly", "Repeat until": "2027-02-22" });
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({
      frequency: "Weekly",
      repeat_until: "2027-02-22",
    });
  });

  it("says an end before the due date cannot stand beside it, and sends nothing", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, { ...TASK, Frequency: "Daily", "Repeat until": "2026-11-22" });
    await press(dialog, SAVE_TASK);
    expect(messageOf(dialog.getByLabelText("Repeat until"))).toBe(
      "Optional: leave empty to repeat with no end Repeat until must be on or after the due date",
    );
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
    // The due date put right (or the time, or the frequency): the message goes at once.
    const due = dialog.getByLabelText("Due Date");
    await user.clear(due);
    await user.type(due, "2026-11-21");
    expect(dialog.getByLabelText("Repeat until")).not.toHaveAttribute("aria-invalid", "true");
    await user.clear(due);
    await user.type(due, "2026-11-23");
    expect(messageOf(dialog.getByLabelText("Repeat until"))).toContain(
      "Repeat until must be on or after the due date",
    );
    // Made to happen once, it has no end to refuse.
    await fill(dialog, { Frequency: "Once" });
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({ frequency: "Once", repeat_until: null });
  });
});

describe("Repeat every (decisions D9: every 2 weeks, every 3 months)", () => {
  /** The Repeat every field, its number and the unit said after it. */
  function repeatEvery(dialog: Dialog) {
    return dialog.getByRole("spinbutton", { name: "Repeat every" });
  }

  async function typeRepeatEvery(dialog: Dialog, value: string) {
    await user.clear(repeatEvery(dialog));
    await user.type(repeatEvery(dialog), value);
  }

  it("asks a task's 'Repeat every [1] day' beside Frequency, and sends every 2 weeks", async () => {
    const { api, dialog } = await openAddModal();
    expect(repeatEvery(dialog)).toHaveValue(1);
    expect(repeatEvery(dialog)).toHaveAccessibleDescription("day");
    await fill(dialog, { ...TASK, Frequency: "Weekly" });
    await typeRepeatEvery(dialog, "2");
    expect(repeatEvery(dialog)).toHaveAccessibleDescription("weeks");
    expect(dialog.getByText("weeks")).toBeVisible();
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({ frequency: "Weekly", interval: 2 });
  });

  it("has no Repeat every for a task that happens once, and sends it every 1", async () => {
    const { api, dialog } = await openAddModal();
    await typeRepeatEvery(dialog, "5");
    await fill(dialog, { ...TASK, Frequency: "Once" });
    expect(dialog.queryByRole("spinbutton", { name: "Repeat every" })).not.toBeInTheDocument();
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({ frequency: "Once", interval: 1 });
  });

  it("saves a task changed to happen once with a Repeat every it would refuse, sending 1", async () => {
    const { api, dialog } = await openAddModal();
    await typeRepeatEvery(dialog, "0");
    await fill(dialog, { ...TASK, Frequency: "Once" });
    await press(dialog, SAVE_TASK);
    expect(await sentBody(api, "/tasks/")).toMatchObject({ frequency: "Once", interval: 1 });
  });

  it("keeps a Repeat every typed before the task was made to happen once, for a change back", async () => {
    const { dialog } = await openAddModal();
    await typeRepeatEvery(dialog, "4");
    await fill(dialog, { Frequency: "Once" });
    await fill(dialog, { Frequency: "Weekly" });
    expect(repeatEvery(dialog)).toHaveValue(4);
  });

  it("shows a bad Repeat every's message with the other fields' at once", async () => {
    const { api, dialog } = await openAddModal();
    await typeRepeatEvery(dialog, "0");
    await press(dialog, SAVE_TASK);
    expect(messageOf(repeatEvery(dialog))).toBe("days Repeat every must be at least 1");
    expect(messageOf(dialog.getByLabelText("Task Title"))).toBe("Task title is required");
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
  });

  it("shows the domain's message beside a Repeat every out of range, and sends nothing", async () => {
    const { api, dialog } = await openAddModal();
    await fill(dialog, TASK);
    await typeRepeatEvery(dialog, "100");
    await press(dialog, SAVE_TASK);
    expect(messageOf(repeatEvery(dialog))).toBe("days Repeat every must be at most 99");
    await typeRepeatEvery(dialog, "0");
    expect(messageOf(repeatEvery(dialog))).toBe("days Repeat every must be at least 1");
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
  });

  it("asks a subscription's 'Repeat every [3] months', and sends every 3 months", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await fill(dialog, {
      "Subscription Name": "Water",
      "Next renewal Date": "2026-12-05",
      Frequency: "Monthly",
      Cost: "90",
    });
    expect(repeatEvery(dialog)).toHaveAccessibleDescription("month");
    await typeRepeatEvery(dialog, "3");
    expect(repeatEvery(dialog)).toHaveAccessibleDescription("months");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(await sentBody(api, "/subscriptions/")).toMatchObject({
      frequency: "Monthly",
      interval: 3,
    });
  });

  it("refuses a subscription's Repeat every of 0 in the domain's words, and sends nothing", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await fill(dialog, {
      "Subscription Name": "Water",
      "Next renewal Date": "2026-12-05",
      Cost: "90",
    });
    await typeRepeatEvery(dialog, "0");
    await press(dialog, SAVE_SUBSCRIPTION);
    expect(messageOf(repeatEvery(dialog))).toBe("days Repeat every must be at least 1");
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);
  });

  it("starts an edited task at its Repeat every, and sends the new one alone", async () => {
    const fortnightly = { ...PASSPORT, frequency: "Weekly" as const, interval: 2 };
    const api = fakeApi({ tasks: [fortnightly] });
    renderApp("/dashboard", { api });
    await user.click(
      await within(await screen.findByRole("region", { name: "Tasks" })).findByRole("button", {
        name: PASSPORT.title,
      }),
    );
    const edit = within(await shownDialog("Edit task"));
    expect(repeatEvery(edit)).toHaveValue(2);
    expect(repeatEvery(edit)).toHaveAccessibleDescription("weeks");
    await typeRepeatEvery(edit, "3");
    await press(edit, "Save changes");
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/tasks/1")).toEqual([
        expect.objectContaining({ body: { interval: 3 } }),
      ]);
    });
  });

  it("starts an edited subscription at its Repeat every, and sends nothing saved unchanged", async () => {
    const api = fakeApi({ subscriptions: [{ ...GYM, interval: 3 }] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    const [gym] = await screen.findAllByRole("button", { name: "Gym" });
    if (gym === undefined) throw new Error("the subscription is not listed");
    await user.click(gym);
    const edit = within(await shownDialog("Edit subscription"));
    expect(repeatEvery(edit)).toHaveValue(3);
    expect(repeatEvery(edit)).toHaveAccessibleDescription("months");
    // Saved unchanged, nothing is sent.
    await press(edit, "Save changes");
    await closed();
    expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([]);
  });
});

describe("closing with something typed (issue 18: nothing lost by a misclick)", () => {
  const QUESTION = "Discard what you typed?";

  it("asks on Escape; Cancel goes back to the form as it was; Discard closes it and sends nothing", async () => {
    const { api, dialog } = await openAddModal();
    const title = dialog.getByLabelText("Task Title");
    await user.type(title, "Renew passport");
    await user.keyboard("{Escape}");

    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    expect(screen.getByRole("alertdialog")).toHaveAccessibleDescription(
      "What you typed in this form will be lost.",
    );
    await vi.waitFor(() => {
      expect(question.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Add New Task/Subscription" })).toBeVisible();
    expect(title).toHaveValue("Renew passport");
    await vi.waitFor(() => {
      expect(title).toHaveFocus();
    });

    await user.keyboard("{Escape}");
    const again = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(again.getByRole("button", { name: "Discard" }));
    await closed();
    expect(api.callsTo("POST", "/tasks/")).toEqual([]);
  });

  it("has the browser ask before a reload or a closed tab throws away what was typed, and only then", async () => {
    /** Whether the page asks before it is left (a cancelled beforeunload). */
    const leavingAsks = () =>
      !window.dispatchEvent(new Event("beforeunload", { cancelable: true }));
    const { dialog } = await openAddModal();
    expect(leavingAsks()).toBe(false);
    await user.type(dialog.getByLabelText("Task Title"), "Renew passport");
    expect(leavingAsks()).toBe(true);

    await user.keyboard("{Escape}");
    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(question.getByRole("button", { name: "Discard" }));
    await closed();
    expect(leavingAsks()).toBe(false);
  });

  it("closes a form with nothing typed on Escape at once", async () => {
    const { dialog } = await openAddModal();
    await user.click(dialog.getByRole("tab", { name: "Subscription" }));
    await user.keyboard("{Escape}");
    await closed();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("asks when the form's own Cancel is pressed with something typed", async () => {
    const { api, dialog } = await openSubscriptionTab();
    await user.type(dialog.getByLabelText("Subscription Name"), "Netflix");
    await press(dialog, "Cancel");
    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(question.getByRole("button", { name: "Discard" }));
    await closed();
    expect(api.callsTo("POST", "/subscriptions/")).toEqual([]);
  });

  it("asks before an edit form whose field changed is closed, saying its changes are not saved", async () => {
    const api = fakeApi({ tasks: [PASSPORT] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    const [taskName] = screen.getAllByRole("button", { name: PASSPORT.title });
    if (taskName === undefined) throw new Error("the task is not listed");
    await user.click(taskName);
    const dialog = within(await shownDialog("Edit task"));
    // Untouched, it closes at once.
    await press(dialog, "Close");
    await closed();

    await user.click(taskName);
    const edit = within(await shownDialog("Edit task"));
    await user.clear(edit.getByLabelText("Notes (Optional)"));
    const overlay = document.querySelector("[data-modal-overlay]");
    if (overlay === null) throw new Error("no overlay");
    await user.click(overlay);
    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    expect(screen.getByRole("alertdialog")).toHaveAccessibleDescription(
      "Your changes in this form are not saved and will be lost.",
    );
    await user.click(question.getByRole("button", { name: "Discard" }));
    await closed();
    expect(api.callsTo("PATCH", "/tasks/1")).toEqual([]);
  });

  it("asks when only the sharing was changed, and the next opening starts afresh", async () => {
    const household: Household = {
      id: 5,
      name: "The Lovelaces",
      members: [{ user_id: SAMPLE_USER.id, full_name: SAMPLE_USER.full_name, role: "owner" }],
    };
    const { dialog } = await openAddModal(fakeApi({ household }));
    await user.click(await dialog.findByRole("checkbox", { name: "Share with household" }));
    await user.keyboard("{Escape}");
    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(question.getByRole("button", { name: "Discard" }));
    await closed();

    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    const again = within(await shownDialog("Add New Task/Subscription"));
    expect(await again.findByRole("checkbox", { name: "Share with household" })).not.toBeChecked();
    await user.keyboard("{Escape}");
    await closed();
  });
});
