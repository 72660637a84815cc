// issue 19: /settings, from the account menu: the calendar feed's address again, a new one after
// the question (the old one gone), and the way back.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("/settings (issue 19)", () => {
  it("is reached from the account menu and shows the calendar feed", async () => {
    const api = fakeApi({ calendarFeed: { last_fetched_at: "2026-11-21T08:00:00Z" } });
    renderApp("/dashboard", { api });
    await user.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await user.click(screen.getByRole("menuitem", { name: "Settings" }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(heading).toBeVisible();
    expect(window.location.pathname).toBe("/settings");
    // A move inside the app is said: the page's title, and focus on its heading.
    expect(document.title).toBe("Settings · Life Admin");
    expect(heading).toHaveFocus();
    const feed = within(await screen.findByRole("region", { name: "Calendar feed" }));
    expect(feed.getByLabelText("Your calendar address")).toHaveValue(api.calendarFeed.url);
    expect(feed.getByText(/^Last fetched by a calendar app: Nov 21, 2026/)).toBeVisible();
  });

  it("gets a new address after the question and shows it", async () => {
    const api = fakeApi();
    const old = api.calendarFeed.url;
    renderApp("/settings", { api });
    const feed = within(await screen.findByRole("region", { name: "Calendar feed" }));
    await user.click(feed.getByRole("button", { name: "Get a new address" }));
    const question = await screen.findByRole("alertdialog", { name: "Get a new address?" });
    expect(question).toHaveTextContent("Calendar apps using the old address will stop updating");
    await user.click(within(question).getByRole("button", { name: "Get a new address" }));

    expect(
      await feed.findByText("Your calendar has a new address. Add it to your calendar apps again."),
    ).toBeVisible();
    const address = feed.getByLabelText("Your calendar address");
    expect(address).not.toHaveValue(old);
    expect(address).toHaveValue(api.calendarFeed.url);
    expect(api.callsTo("POST", "/calendar/feed/rotate")).toHaveLength(1);
  });

  it("asks for the person once for the sections that show them", async () => {
    const api = fakeApi();
    renderApp("/settings", { api });
    expect(await screen.findByRole("region", { name: "Delete account" })).toBeVisible();
    const household = within(await screen.findByRole("region", { name: "Household" }));
    // The household knows who "you" is from the page's person.
    expect(await household.findByLabelText("Household name")).toBeVisible();
    expect(api.callsTo("GET", "/users/me")).toHaveLength(1);
  });

  it("opens in one piece: no section shows until the person, the feed, the household and the devices have answered", async () => {
    const api = fakeApi();
    const devices = api.holdNext("GET", "/users/me/sessions");
    renderApp("/settings", { api });
    expect(await screen.findByRole("status")).toHaveTextContent("Loading your settings...");
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/households/me")).toHaveLength(1);
    });
    expect(api.callsTo("GET", "/calendar/feed")).toHaveLength(1);
    // Answered but for the devices: nothing is shown yet that the devices' list would push down.
    expect(screen.queryByRole("region", { name: "Profile" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download all my data" })).toBeNull();

    devices.release();
    const download = await screen.findByRole("button", { name: "Download all my data" });
    expect(download).toBeVisible();
    for (const name of ["Profile", "Household", "Calendar feed", "Email reminders", "Devices"]) {
      expect(screen.getByRole("region", { name })).toBeVisible();
    }
    expect(
      within(screen.getByRole("region", { name: "Devices" })).getByRole("list", {
        name: "Devices",
      }),
    ).toBeVisible();
    expect(screen.queryByText("Loading your settings...")).toBeNull();
  });

  it("gives the API this device's time zone as it opens, when the person has picked none", async () => {
    const api = fakeApi();
    renderApp("/settings", { api, timeZone: "Pacific/Auckland" });
    const profile = within(await screen.findByRole("region", { name: "Profile" }));
    expect(profile.getByLabelText("Time zone")).toHaveValue("Pacific/Auckland");
    expect(profile.getByText(/This device set it/)).toBeVisible();
    expect(api.callsTo("PATCH", "/users/me").map((call) => call.body)).toEqual([
      { time_zone: "Pacific/Auckland" },
    ]);
  });

  it("leaves a time zone the person picked as it is, on any device", async () => {
    const api = fakeApi({
      user: { ...fakeApi().user, time_zone: "Europe/Berlin", time_zone_chosen: true },
    });
    renderApp("/settings", { api, timeZone: "Pacific/Auckland" });
    const profile = within(await screen.findByRole("region", { name: "Profile" }));
    expect(profile.getByLabelText("Time zone")).toHaveValue("Europe/Berlin");
    expect(api.callsTo("PATCH", "/users/me")).toEqual([]);
  });

  it("names the person's failure to load in each of their sections, and the household's Try again asks again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("GET", "/users/me", () => json({ detail: "Service unavailable" }, 503));
    renderApp("/settings", { api });
    for (const what of ["profile", "email settings", "account", "household"]) {
      expect(
        await screen.findByText(`Your ${what} could not be loaded: Service unavailable`),
      ).toBeVisible();
    }
    const household = within(screen.getByRole("region", { name: "Household" }));
    await user.click(household.getByRole("button", { name: "Try again" }));

    expect(await household.findByLabelText("Household name")).toBeVisible();
    expect(await screen.findByDisplayValue("Ada Lovelace")).toBeVisible();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(api.callsTo("GET", "/users/me")).toHaveLength(2);
    // The household had loaded: it is not asked for again.
    expect(api.callsTo("GET", "/households/me")).toHaveLength(1);
  });

  it("says so when the feed cannot be loaded, and goes back to the dashboard", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("GET", "/calendar/feed", () => json({ detail: "Service unavailable" }, 503));
    document.title = "Life Admin"; // index.html's
    renderApp("/settings", { api });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your calendar feed could not be loaded: Service unavailable",
    );
    // Loaded here: the page's title, but no focus taken (the browser says where it is).
    expect(document.title).toBe("Settings · Life Admin");
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).not.toHaveFocus();
    await user.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeVisible();
    expect(window.location.pathname).toBe("/dashboard");
    // Settings' title leaves with it: the dashboard's own again.
    expect(document.title).toBe("Dashboard · Life Admin");
  });

  it("asks for the feed and the person again from their own Try again, once the API is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const down = () => json({ detail: "Service unavailable" }, 503);
    api.answerNext("GET", "/calendar/feed", down);
    api.answerNext("GET", "/users/me", down);
    renderApp("/settings", { api });
    expect(
      await screen.findByText("Your calendar feed could not be loaded: Service unavailable"),
    ).toBeVisible();
    expect(
      await screen.findByText("Your profile could not be loaded: Service unavailable"),
    ).toBeVisible();
    // The profile's and the feed's, in the order of the page; the household has its own.
    const tries = screen.getAllByRole("button", { name: "Try again" });
    expect(tries).toHaveLength(3);
    for (const retry of [tries[2], tries[0]]) {
      if (retry !== undefined) await user.click(retry);
    }
    expect(await screen.findByLabelText("Your calendar address")).toBeVisible();
    expect(await screen.findByDisplayValue("Ada Lovelace")).toBeVisible();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it("sends a signed-out visitor to the sign-up page", async () => {
    window.localStorage.clear();
    renderApp("/settings");
    await vi.waitFor(() => {
      expect(window.location.pathname).toBe("/");
    });
  });
});
