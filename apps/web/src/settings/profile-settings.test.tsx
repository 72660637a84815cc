// issue 22: Settings' "Profile": the name, currency and time zone saved with PATCH /users/me, the
// dashboard following them (the header's name, every amount, the Add form's sign), and nothing
// the person typed lost when a save is refused.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi, validationError } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { GYM, NETFLIX } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function profile(api = fakeApi({ subscriptions: [NETFLIX, GYM] })) {
  renderApp("/settings", { api });
  return { api, section: within(await screen.findByRole("region", { name: "Profile" })) };
}

describe("Settings' profile (issue 22)", () => {
  it("saves a new name and currency, and the dashboard follows them", async () => {
    const { api, section } = await profile();
    const name = section.getByRole("textbox", { name: "Name" });
    expect(name).toHaveValue("Ada Lovelace");
    expect(section.getByRole("combobox", { name: "Currency" })).toHaveValue("USD");
    await user.clear(name);
    await user.type(name, "Ada King");
    await user.selectOptions(section.getByRole("combobox", { name: "Currency" }), "EUR");
    await user.click(section.getByRole("button", { name: "Save profile" }));

    expect(await section.findByRole("status")).toHaveTextContent("Saved.");
    expect(api.callsTo("PATCH", "/users/me").map((call) => call.body)).toEqual([
      { full_name: "Ada King", currency: "EUR" },
    ]);

    await user.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByRole("button", { name: "Ada King" })).toBeVisible();
    const renewals = within(screen.getByRole("region", { name: "Renewals Soon" }));
    expect(renewals.getByText("€12.99")).toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
  });

  it("picks a time zone that this device then leaves alone, and the email section names it", async () => {
    const { api, section } = await profile(
      fakeApi({ user: { ...SAMPLE_USER, email_available: true } }),
    );
    await user.selectOptions(section.getByRole("combobox", { name: "Time zone" }), "Asia/Tokyo");
    await user.click(section.getByRole("button", { name: "Save profile" }));
    expect(await section.findByRole("status")).toHaveTextContent("Saved.");
    expect(api.user).toMatchObject({ time_zone: "Asia/Tokyo", time_zone_chosen: true });
    const email = within(await screen.findByRole("region", { name: "Email reminders" }));
    expect(
      await email.findByText(/follow your time zone, Asia\/Tokyo, which you picked/),
    ).toBeVisible();

    // The dashboard's reminders no longer send this device's zone (UTC).
    await user.click(screen.getByRole("link", { name: "Back to dashboard" }));
    await screen.findByRole("button", { name: "Ada Lovelace" });
    // The sync sends the zone, if it does, before it lists the reminders.
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/notifications/")).not.toEqual([]);
    });
    expect(api.callsTo("PATCH", "/users/me")).toHaveLength(1);
  });

  it("shows the API's refusal of a blank name at the field, keeping what was typed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { api, section } = await profile();
    const name = section.getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "   ");
    await user.selectOptions(section.getByRole("combobox", { name: "Currency" }), "JPY");
    await user.click(section.getByRole("button", { name: "Save profile" }));

    expect(await section.findByRole("alert")).toHaveTextContent(
      /^Your profile was not saved: .*Name is required/,
    );
    expect(name).toHaveAccessibleDescription(/Name is required/);
    expect(name).toBeInvalid();
    expect(name).toHaveValue("   ");
    expect(section.getByRole("combobox", { name: "Currency" })).toHaveValue("JPY");
    expect(api.user).toMatchObject({ full_name: "Ada Lovelace", currency: "USD" });
  });

  it("keeps what was typed when the API refuses the save, with its message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("PATCH", "/users/me", () =>
      validationError("currency", "Use a currency this app knows, such as EUR or GBP"),
    );
    const { section } = await profile(api);
    const name = section.getByRole("textbox", { name: "Name" });
    await user.type(name, " Byron");
    await user.selectOptions(section.getByRole("combobox", { name: "Currency" }), "CHF");
    await user.click(section.getByRole("button", { name: "Save profile" }));

    expect(await section.findByRole("alert")).toHaveTextContent(
      /^Your profile was not saved: .*Use a currency this app knows/,
    );
    expect(name).toHaveValue("Ada Lovelace Byron");
    expect(section.getByRole("combobox", { name: "Currency" })).toHaveValue("CHF");
    expect(section.getByRole("status")).toHaveTextContent("");
    expect(api.user).toMatchObject({ full_name: "Ada Lovelace", currency: "USD" });
  });
});
