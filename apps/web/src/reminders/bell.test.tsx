// issue 20: the bell on the dashboard: the count of unread reminders (in its name too), the list
// it opens, a reminder pressed (read, and its task or subscription opened), "Mark all as read",
// and the count kept in step: a task done, the tab shown again, the device's time zone sent first.
import type { Task } from "@life-admin/domain";
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, SAMPLE_USER, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { DENTIST, GYM, NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

const user = userEvent.setup();

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Due today at 18:00 (the tests' clock is 21 November, 09:00 UTC). */
const BILL: Task = {
  ...PASSPORT,
  id: 3,
  title: "Pay the electricity bill",
  due_date: "2026-11-21T18:00:00Z",
  frequency: "Once",
};

/** Netflix and the gym renew inside their windows; the bill is due today: three reminders. */
function seeded(seed: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  return fakeApi({ tasks: [BILL, PASSPORT, DENTIST], subscriptions: [NETFLIX, GYM], ...seed });
}

async function open(api: FakeApi = seeded()) {
  renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
  return api;
}

const bell = (unread: number) =>
  screen.findByRole("button", {
    name: unread === 0 ? "Notifications" : `Notifications, ${unread} unread`,
  });

async function openPanel(unread: number) {
  await user.click(await bell(unread));
  return within(await shownDialog("Notifications"));
}

describe("the bell (issue 20)", () => {
  it("counts the reminders not yet read, and lists them newest first", async () => {
    await open();
    const panel = await openPanel(3);
    expect(panel.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      // Both due from today: then by id.
      "Gym Renews Sun, Nov 22 Unread",
      "Pay the electricity bill Due today at 6:00 PM Unread",
      // Due since 14 November; it renews today.
      "Netflix Renews today Unread",
    ]);
  });

  it("marks a reminder pressed read and opens what it is about", async () => {
    const api = await open();
    const panel = await openPanel(3);
    await user.click(panel.getByRole("button", { name: /^Netflix/ }));

    expect(await shownDialog("Edit subscription")).toBeVisible();
    expect(screen.getByLabelText(/^Subscription Name/)).toHaveValue("Netflix");
    expect(api.callsTo("POST", "/notifications/read").map((call) => call.body)).toEqual([
      { ids: ["renewal:7:2026-11-21"] },
    ]);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await bell(2)).toBeVisible();
  });

  it("marks all as read, and they stay read when the page is opened again", async () => {
    const api = await open();
    const panel = await openPanel(3);
    await user.click(panel.getByRole("button", { name: "Mark all as read" }));
    expect(panel.getByRole("button", { name: "Mark all as read" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(api.callsTo("POST", "/notifications/read").map((call) => call.body)).toEqual([
      { all: true },
    ]);
    await user.keyboard("{Escape}");
    expect(await bell(0)).toHaveFocus();

    cleanup();
    await open(api);
    const again = await openPanel(0);
    expect(await again.findAllByRole("listitem")).toHaveLength(3);
    expect(again.queryByText("Unread")).not.toBeInTheDocument();
  });

  it("puts a mark back, with the API's message, when the API refuses it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    api.answerNext("POST", "/notifications/read", () => json({ detail: "Try again later" }, 409));
    const panel = await openPanel(3);
    await user.click(panel.getByRole("button", { name: "Mark all as read" }));
    expect(await panel.findByRole("alert")).toHaveTextContent(
      "Not marked as read: Try again later",
    );
    await user.keyboard("{Escape}");
    expect(await bell(3)).toBeInTheDocument();
    expect(api.readReminders.size).toBe(0);
  });

  it("drops a task's reminder once it is marked done", async () => {
    await open();
    await bell(3);
    const priority = within(screen.getByRole("region", { name: "Priority Tasks" }));
    const row = priority.getByText(BILL.title).closest("li");
    if (!row) throw new Error("no row for the bill");
    await user.click(within(row).getByRole("button", { name: /^Mark done / }));
    expect(await bell(2)).toBeVisible();
  });

  it("lists them again when the person comes back to the tab", async () => {
    const api = await open();
    await bell(3);
    api.subscriptions.push({ ...NETFLIX, id: 9, name: "Spotify" });
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await bell(4)).toBeVisible();
  });

  it("tells the API this device's time zone before listing, when the profile has another", async () => {
    const api = await open(seeded({ user: { ...SAMPLE_USER, time_zone: "Asia/Tokyo" } }));
    await bell(3);
    const order = api.calls
      .filter((call) => call.path === "/users/me" || call.path === "/notifications/")
      .map((call) => [call.method, call.path, call.body]);
    expect(order).toEqual([
      ["GET", "/users/me", null],
      ["PATCH", "/users/me", { time_zone: "UTC" }],
      ["GET", "/notifications/", null],
    ]);
  });

  it("leaves a time zone the person picked in Settings alone, whatever this device's (issue 22)", async () => {
    const api = await open(
      seeded({ user: { ...SAMPLE_USER, time_zone: "Asia/Tokyo", time_zone_chosen: true } }),
    );
    await bell(3);
    expect(api.callsTo("PATCH", "/users/me")).toEqual([]);
    expect(api.user.time_zone).toBe("Asia/Tokyo");
  });

  it("leaves the time zone alone when it is already this device's", async () => {
    const api = await open();
    await bell(3);
    expect(api.callsTo("PATCH", "/users/me")).toEqual([]);
  });
});

describe("the installed app's icon (the Badging API)", () => {
  /** The browser's Badging API, as Chromium has it; each call recorded. */
  function badging() {
    const calls: (number | "cleared")[] = [];
    const api = {
      setAppBadge: vi.fn((contents?: number) => {
        calls.push(contents ?? 0);
        return Promise.resolve();
      }),
      clearAppBadge: vi.fn(() => {
        calls.push("cleared");
        return Promise.resolve();
      }),
    };
    for (const [name, method] of Object.entries(api)) {
      Object.defineProperty(navigator, name, { value: method, configurable: true });
    }
    return calls;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, "setAppBadge");
    Reflect.deleteProperty(navigator, "clearAppBadge");
  });

  it("carries the bell's unread count, and none once they are all read", async () => {
    const calls = badging();
    await open();
    await bell(3);
    expect(calls.at(-1)).toBe(3);
    const panel = await openPanel(3);
    await user.click(panel.getByRole("button", { name: "Mark all as read" }));
    expect(calls.at(-1)).toBe("cleared");
  });

  it("is cleared when the person signs out, so no count stays on a shared device's icon", async () => {
    const calls = badging();
    await open();
    await bell(3);
    await user.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await screen.findByRole("heading", { name: "Get Started with us today!" });
    expect(calls.at(-1)).toBe("cleared");
  });

  it("stays when the person goes to Settings: the count is still unread, in any window", async () => {
    const calls = badging();
    await open();
    await bell(3);
    await user.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    await user.click(await screen.findByRole("menuitem", { name: "Settings" }));
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(calls.at(-1)).toBe(3);
  });

  it("is left alone where the browser has no Badging API, the bell counting all the same", async () => {
    await open();
    expect(await bell(3)).toBeVisible();
  });
});
