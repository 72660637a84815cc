// issue 22: Settings' "Delete account" in the app: DELETE /users/me with what the person typed;
// a refusal or failure is a banner and the person stays signed in with everything; once deleted,
// the session is cleared and the sign-up page says the account and its data are gone.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi, json, validationError } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, storedSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const CONFIRM_LABEL = `Type your email address, ${SAMPLE_USER.email}, to confirm`;

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function deleteAccountSection(api = fakeApi()) {
  renderApp("/settings", { api });
  const section = within(await screen.findByRole("region", { name: "Delete account" }));
  return { api, section };
}

describe("Settings' delete account (issue 22)", () => {
  it("deletes with the typed email, clears the session and says so on the sign-up page", async () => {
    const api = fakeApi();
    const { section } = await deleteAccountSection(api);
    await user.type(section.getByLabelText(CONFIRM_LABEL), SAMPLE_USER.email.toUpperCase());
    const held = api.holdNext("DELETE", "/users/me");
    await user.click(section.getByRole("button", { name: "Delete my account" }));
    expect(
      await section.findByRole("button", { name: "Deleting your account..." }),
    ).toHaveAttribute("aria-disabled", "true");
    held.release(new Response(null, { status: 204 }));

    expect(
      await screen.findByText("Your account and all its data have been deleted."),
    ).toBeVisible();
    expect(window.location.pathname).toBe("/");
    // Said in the page's status region, and the page is announced by its title and heading.
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your account and all its data have been deleted.",
    );
    expect(document.title).toBe("Life Admin");
    expect(
      screen.getByRole("heading", { level: 1, name: "Get Started with us today!" }),
    ).toHaveFocus();
    expect(storedSession()).toBeNull();
    expect(screen.getByRole("button", { name: /Continue with Google/ })).not.toHaveAttribute(
      "aria-disabled",
    );
    // The notice stays on the page, and is said once: the tab no longer keeps it for a reload.
    await vi.waitFor(() => {
      expect(window.sessionStorage.length).toBe(0);
    });
    expect(screen.getByText("Your account and all its data have been deleted.")).toBeVisible();
    const [call] = api.callsTo("DELETE", "/users/me");
    expect(call?.body).toEqual({ confirm: SAMPLE_USER.email.toUpperCase() });
    expect(call?.authorization).toMatch(/^Bearer /);
  });

  it("shows a refusal as a banner, keeps the person signed in and deletes on the next try", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    const { section } = await deleteAccountSection(api);
    await user.type(section.getByLabelText(CONFIRM_LABEL), SAMPLE_USER.email);
    api.answerNext("DELETE", "/users/me", () =>
      validationError("confirm", "Type the email address of this account exactly as it is shown"),
    );
    await user.click(section.getByRole("button", { name: "Delete my account" }));
    expect(await section.findByRole("alert")).toHaveTextContent(/^Your account was not deleted: /);
    expect(window.location.pathname).toBe("/settings");
    expect(storedSession()).not.toBeNull();
    expect(section.getByLabelText(CONFIRM_LABEL)).toHaveValue(SAMPLE_USER.email);

    api.answerNext("DELETE", "/users/me", () =>
      json({ detail: "The database cannot be reached" }, 503),
    );
    await user.click(section.getByRole("button", { name: "Delete my account" }));
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your account was not deleted: The database cannot be reached",
    );
    expect(storedSession()).not.toBeNull();

    api.answerNext("DELETE", "/users/me", () => new Response(null, { status: 204 }));
    await user.click(section.getByRole("button", { name: "Delete my account" }));
    expect(
      await screen.findByText("Your account and all its data have been deleted."),
    ).toBeVisible();
    expect(api.callsTo("DELETE", "/users/me")).toHaveLength(3);
  });
});
