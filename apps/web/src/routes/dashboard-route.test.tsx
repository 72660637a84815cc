// spec 2, 4 and decisions D5, D8: the dashboard's loading, error and data states against an
// injected fetch that answers as the API does, and its modals.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { DENTIST, GYM, NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, storedSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function withData() {
  return fakeApi({ tasks: [PASSPORT, DENTIST], subscriptions: [NETFLIX, GYM] });
}

async function dashboard() {
  return screen.findByText("Good Morning, Ada Lovelace");
}

function card(name: string) {
  return within(screen.getByRole("region", { name }));
}

describe("loading the dashboard (spec 2, decisions D8)", () => {
  it("has a title of its own, 'Dashboard · Life Admin', from its loading state on (WCAG 2.4.2)", async () => {
    document.title = "Life Admin"; // index.html's
    const api = withData();
    const held = api.holdNext("GET", "/users/me");
    renderApp("/dashboard", { api });
    // The page is there (it has asked for the person), still loading.
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/users/me")).toHaveLength(1);
    });
    expect(screen.getByText("Loading your data...")).toBeInTheDocument();
    expect(document.title).toBe("Dashboard · Life Admin");
    held.release();
    await dashboard();
    expect(document.title).toBe("Dashboard · Life Admin");
  });

  it("puts focus on its greeting, once it is shown, when reached from Settings' Back to dashboard (WCAG 2.4.3)", async () => {
    const api = withData();
    renderApp("/settings", { api });
    const back = await screen.findByRole("link", { name: "Back to dashboard" });
    // The dashboard asks for the person again: the greeting comes only with the answer.
    const held = api.holdNext("GET", "/users/me");
    await userEvent.click(back);
    expect(await screen.findByText("Loading your data...")).toBeInTheDocument();
    held.release();

    const greeting = await screen.findByRole("heading", {
      level: 1,
      name: "Good Morning, Ada Lovelace",
    });
    expect(greeting).toHaveFocus();
  });

  it("leaves focus where it is when the load starts on it: the browser reads its title", async () => {
    renderApp("/dashboard", { api: withData() });
    const greeting = await screen.findByRole("heading", {
      level: 1,
      name: "Good Morning, Ada Lovelace",
    });
    expect(greeting).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("shows Loading your data... until profile, tasks and subscriptions have all arrived, asked for together", async () => {
    const api = withData();
    const held = [
      api.holdNext("GET", "/users/me"),
      api.holdNext("GET", "/tasks/"),
      api.holdNext("GET", "/subscriptions/"),
    ];
    renderApp("/dashboard", { api });
    expect(await screen.findByText("Loading your data...")).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        "GET /users/me",
        "GET /tasks/",
        "GET /subscriptions/",
      ]);
    });
    // spec 7: the dashboard sends an empty filter.
    expect(api.callsTo("GET", "/subscriptions/")[0]?.query.toString()).toBe("");

    for (const gate of held.slice(0, 2)) {
      await act(async () => {
        gate.release();
        await Promise.resolve();
      });
      expect(screen.getByText("Loading your data...")).toBeInTheDocument();
    }
    await act(async () => {
      held[2]?.release();
      await Promise.resolve();
    });
    expect(await dashboard()).toBeInTheDocument();
    expect(screen.queryByText("Loading your data...")).not.toBeInTheDocument();
  });

  it.each([
    ["GET", "/users/me"],
    ["GET", "/tasks/"],
    ["GET", "/subscriptions/"],
  ])("shows Error: {message} with Reload when %s %s fails", async (method, path) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = withData();
    api.answerNext(method, path, () => json({ detail: "Database unavailable" }, 503));
    const { reload } = renderApp("/dashboard", { api });

    expect(await screen.findByRole("alert")).toHaveTextContent("Error: Database unavailable");
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows the client's message for an answer without a detail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = withData();
    api.answerNext("GET", "/tasks/", () => new Response("Bad gateway", { status: 502 }));
    renderApp("/dashboard", { api });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error: Request failed with status 502",
    );
  });

  it("shows a network failure's message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = withData();
    api.answerNext("GET", "/users/me", () => Promise.reject(new TypeError("Failed to fetch")));
    renderApp("/dashboard", { api });
    // The product's words, not the browser's (the api-client's UNREACHABLE_MESSAGE).
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error: Life Admin could not be reached: check your connection.",
    );
  });
});

describe("the loaded dashboard (spec 1, 2, 9, decisions D5, D6)", () => {
  it("shows the header and the welcome banner with the user's name", async () => {
    renderApp("/dashboard", { api: withData() });
    await dashboard();
    const header = within(screen.getByRole("banner"));
    expect(header.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(header.getByText("A")).toBeInTheDocument();
    // "Notifications", or "Notifications, 2 unread" once the bell's reminders have come.
    expect(header.getByRole("button", { name: /^Notifications/ })).toBeInTheDocument();
    expect(header.getByText("My View")).toBeInTheDocument();
    expect(header.getByText("Family view")).toBeInTheDocument();
    expect(screen.getByText("Here's what's happening in your life today.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Task/Event" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload File" })).toBeInTheDocument();
  });

  it("shows Guest when the profile has no name", async () => {
    const api = fakeApi({ user: { ...withData().user, full_name: null } });
    renderApp("/dashboard", { api });
    expect(await screen.findByText("Good Morning, Guest")).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByText("G")).toBeInTheDocument();
  });

  it("fills the three cards, the agenda and the summary from the user's own data", async () => {
    renderApp("/dashboard", { api: withData() });
    await dashboard();

    const priority = card("Priority Tasks");
    expect(priority.getByText("Renew passport")).toBeInTheDocument();
    expect(priority.queryByText("Book dentist")).not.toBeInTheDocument();
    expect(priority.getByText("1")).toBeInTheDocument();
    expect(priority.getByRole("button", { name: "Review Now" })).toBeInTheDocument();

    const events = card("Upcoming Events");
    expect(events.getByText("Renew passport")).toBeInTheDocument();
    expect(events.getByText("Netflix")).toBeInTheDocument();

    const renewals = card("Renewals Soon");
    expect(renewals.getByText("Renews today")).toBeInTheDocument();
    expect(renewals.getByText("Renews in 1 day")).toBeInTheDocument();
    expect(renewals.getByText("$12.99")).toBeInTheDocument();

    const agenda = within(screen.getByRole("region", { name: "Next 7 days" }));
    expect(agenda.getAllByRole("heading", { level: 3 })).toHaveLength(7);
    expect(agenda.getByText("Renew passport")).toBeInTheDocument();

    const tasks = card("Tasks");
    expect(tasks.getByText("Due: 11/23/2026")).toBeInTheDocument();
    expect(tasks.getByRole("button", { name: "View all tasks" })).toBeInTheDocument();
    expect(
      card("Subscriptions").getByRole("button", { name: "View all subscriptions" }),
    ).toBeInTheDocument();
  });

  it("shows each empty state for a new user", async () => {
    renderApp("/dashboard");
    await dashboard();
    expect(screen.getByText("No high priority tasks at the moment")).toBeInTheDocument();
    expect(screen.getByText("No upcoming renewals in the next 30 days")).toBeInTheDocument();
    expect(screen.getByText("No tasks available")).toBeInTheDocument();
    expect(screen.getByText("No subscriptions available")).toBeInTheDocument();
  });

  it("opens the events view from View all events: the next 30 days, grouped by day (issue 18)", async () => {
    renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "View all events" }));
    const dialog = within(await shownDialog("All Events"));
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Today, Saturday, November 21",
      "Sunday, November 22",
      "Monday, November 23",
    ]);
    // Monthly: 21 and 22 November, and next on 21 and 22 December, past the 30 days.
    expect(dialog.getByRole("button", { name: "Netflix" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Gym" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Renew passport" })).toBeInTheDocument();
  });
});

describe("the dashboard's today (issue 22)", () => {
  // Saturday 21 November, 12:00 UTC: already Sunday 01:00 in Auckland.
  const noonUtc = () => new Date("2026-11-21T12:00:00Z");
  /** The 7-day agenda's day marked as today. */
  const agendaToday = () =>
    within(screen.getByRole("region", { name: "7-Day Agenda" }))
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent)
      .find((name) => name.includes("Today, "));

  it("follows the time zone the person picked in Settings, not the device's", async () => {
    const user = { ...SAMPLE_USER, time_zone: "Pacific/Auckland", time_zone_chosen: true };
    renderApp("/dashboard", { api: fakeApi({ user, tasks: [PASSPORT] }), now: noonUtc });
    await dashboard();
    expect(agendaToday()).toContain("Today, Sunday, November 22");
  });

  it("is the device's own while the person has not picked one", async () => {
    const user = { ...SAMPLE_USER, time_zone: "Pacific/Auckland", time_zone_chosen: false };
    renderApp("/dashboard", { api: fakeApi({ user, tasks: [PASSPORT] }), now: noonUtc });
    await dashboard();
    expect(agendaToday()).toContain("Today, Saturday, November 21");
  });
});

describe("the dashboard's modals (spec 2)", () => {
  it("opens All Tasks from View all tasks and from Review Now, in priority order, with the body class while open", async () => {
    renderApp("/dashboard", { api: withData() });
    await dashboard();
    const viewAll = screen.getByRole("button", { name: "View all tasks" });
    await userEvent.click(viewAll);

    const dialog = within(await shownDialog("All Tasks"));
    expect(document.body).toHaveClass("modal-open");
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Renew passport",
      "Book dentist",
    ]);
    const [passport, dentist] = dialog.getAllByRole("listitem");
    expect(passport).toHaveTextContent("○ Pending");
    expect(dentist).toHaveTextContent("✓ Completed");

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass("modal-open");
    expect(viewAll).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Review Now" }));
    expect(await shownDialog("All Tasks")).toBeInTheDocument();
  });

  it("opens All Subscriptions from Manage Subscriptions, with the cancel link in a new tab", async () => {
    renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Manage Subscriptions" }));
    const dialog = within(await shownDialog("All Subscriptions"));
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Netflix",
      "Gym",
    ]);
    const link = dialog.getByRole("link", { name: /Manage Subscription/ });
    expect(link).toHaveAttribute("href", NETFLIX.cancel_link);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "View all subscriptions" }));
    expect(await shownDialog("All Subscriptions")).toBeInTheDocument();
  });

  it("chains the chooser to Upload Files, whose Done sends the file; closing it reloads tasks and subscriptions", async () => {
    const { api } = renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await userEvent.click(chooser.getByRole("button", { name: /^Upload File/ }));

    const upload = within(await shownDialog("Upload Files"));
    expect(screen.queryByRole("dialog", { name: "What would you like to add?" })).toBeNull();
    const done = upload.getByRole("button", { name: "Done" });
    expect(done).toHaveAttribute("aria-disabled", "true");
    const input = upload.getByLabelText(/Drag and drop files here/);
    await userEvent.upload(input, new File(["%PDF"], "bill.pdf", { type: "application/pdf" }));
    expect(upload.getByText("bill.pdf")).toBeInTheDocument();
    await userEvent.click(done);

    // issue 21: stored and read (this one, by the fake API, into nothing).
    await userEvent.click(await upload.findByRole("button", { name: "Keep the file only" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.files.map((file) => file.name)).toEqual(["bill.pdf"]);
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
      expect(api.callsTo("GET", "/subscriptions/")).toHaveLength(2);
    });
  });

  it("opens Upload Files straight from the banner, and reloads when it is cancelled", async () => {
    const { api } = renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Upload File" }));
    const upload = within(await shownDialog("Upload Files"));
    await userEvent.click(upload.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    });
  });

  it("closes the chooser on an overlay click without reloading", async () => {
    const { api } = renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Add Task/Event" }));
    await shownDialog("What would you like to add?");
    const overlay = document.querySelector("[data-modal-overlay]");
    if (overlay === null) throw new Error("no overlay");
    await userEvent.click(overlay);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(1);
  });

  it("shows Error: {message} when the reload after a modal fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { api } = renderApp("/dashboard", { api: withData() });
    await dashboard();
    api.answerNext("GET", "/tasks/", () => json({ detail: "Database unavailable" }, 503));
    await userEvent.click(screen.getByRole("button", { name: "Upload File" }));
    const upload = within(await shownDialog("Upload Files"));
    await userEvent.click(upload.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: Database unavailable");
  });
});

describe("signing out (issue 17)", () => {
  it("ends the sign-in on the API with the stored refresh token, clears the session and shows the sign-up page", async () => {
    const signedIn = tokenSet("signed-in");
    const { api } = renderApp("/dashboard", { api: withData() });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Sign out" }));

    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    expect(api.callsTo("POST", "/auth/logout")).toEqual([
      expect.objectContaining({ body: { refresh_token: signedIn.refresh_token } }),
    ]);
    expect(storedSession()).toBeNull();
  });

  it("still clears the session and shows the sign-up page when the API cannot be reached", async () => {
    const failed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = withData();
    api.answerNext("POST", "/auth/logout", () => {
      throw new TypeError("Failed to fetch");
    });
    renderApp("/dashboard", { api });
    await dashboard();
    await userEvent.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Sign out" }));

    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(storedSession()).toBeNull();
    expect(failed).toHaveBeenCalledWith("Sign out failed", expect.any(Error));
  });
});
