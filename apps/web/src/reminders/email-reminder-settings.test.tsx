// issue 20: Settings' "Email reminders": off until turned on, each change shown at once and saved
// (PATCH /users/me), put back with the API's message when refused; without a mail server on the
// API's side it says email is off and offers nothing.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi, validationError } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const WITH_EMAIL = { ...SAMPLE_USER, email_available: true };

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function section(api = fakeApi({ user: WITH_EMAIL })) {
  renderApp("/settings", { api });
  return { api, section: within(await screen.findByRole("region", { name: "Email reminders" })) };
}

describe("Settings' email reminders (issue 20)", () => {
  it("turns the morning email on and picks its hour, each saved as it is made", async () => {
    const { api, section: email } = await section();
    const toggle = email.getByRole("checkbox", { name: "Email me my reminders each morning" });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await email.findByRole("status")).toHaveTextContent("Saved.");

    await user.selectOptions(email.getByRole("combobox", { name: "Send it at" }), "7:00 AM");
    await vi.waitFor(() => {
      expect(api.user).toMatchObject({ email_reminders: true, reminder_hour: 7 });
    });
    expect(api.callsTo("PATCH", "/users/me").map((call) => call.body)).toEqual([
      { email_reminders: true },
      { reminder_hour: 7 },
    ]);
  });

  it("puts a refused change back, with the API's message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ user: WITH_EMAIL });
    api.answerNext("PATCH", "/users/me", () => validationError("email_reminders", "Not now"));
    const { section: email } = await section(api);
    const toggle = email.getByRole("checkbox", { name: "Email me my reminders each morning" });
    await user.click(toggle);
    expect(await email.findByRole("alert")).toHaveTextContent(/^Your change was not saved: /);
    expect(toggle).not.toBeChecked();
    expect(api.user.email_reminders).toBe(false);
  });

  it("says email is off when the server has no mail server", async () => {
    const { section: email } = await section(fakeApi());
    expect(email.getByText(/^Email is off on this server/)).toBeVisible();
    expect(email.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});
