// issue 22: Settings' "Devices": the signed-in devices listed, one signed out and then every other,
// each taken off the list; a refused sign-out says why and keeps the list.
import type { Session } from "@life-admin/domain/account";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THIS_SESSION, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();

const PHONE: Session = {
  id: "00000000-0000-4000-8000-000000000002",
  device: "Safari on iPhone",
  created_at: "2026-11-10T18:00:00Z",
  last_used_at: "2026-11-20T21:00:00Z",
  current: false,
};
const TABLET: Session = {
  id: "00000000-0000-4000-8000-000000000003",
  device: null,
  created_at: "2026-11-02T12:00:00Z",
  last_used_at: "2026-11-19T07:15:00Z",
  current: false,
};

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function devices(api = fakeApi({ sessions: [THIS_SESSION, PHONE, TABLET] })) {
  renderApp("/settings", { api });
  const section = within(await screen.findByRole("region", { name: "Devices" }));
  await section.findByRole("list");
  return { api, section };
}

/** The devices listed, by name, in order. */
const names = () =>
  within(screen.getByRole("region", { name: "Devices" }))
    .getAllByRole("listitem")
    .map((item) => /^(.*?)(?:This device)?Signed in/.exec(item.textContent)?.[1]);

describe("Settings' devices (issue 22)", () => {
  it("lists the signed-in devices, this one marked, and signs one out", async () => {
    const { api, section } = await devices();
    expect(names()).toEqual(["Chrome on Linux", "Safari on iPhone", "Unknown browser"]);
    expect(section.getAllByRole("listitem")[0]).toHaveTextContent("This device");

    await user.click(section.getByRole("button", { name: /^Sign out Safari on iPhone/ }));
    expect(await section.findByText("Signed out Safari on iPhone.")).toBeVisible();
    expect(names()).toEqual(["Chrome on Linux", "Unknown browser"]);
    expect(api.callsTo("DELETE", `/users/me/sessions/${PHONE.id}`)).toHaveLength(1);
  });

  it("signs out everywhere else, leaving this device alone on the list", async () => {
    const { api, section } = await devices();
    await user.click(section.getByRole("button", { name: "Sign out everywhere else" }));
    expect(await section.findByText("Signed out 2 other devices.")).toBeVisible();
    expect(names()).toEqual(["Chrome on Linux"]);
    expect(section.getByText("No other device is signed in.")).toBeVisible();
    expect(api.sessions).toEqual([THIS_SESSION]);
  });

  it("says why a sign-out failed and keeps every device listed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ sessions: [THIS_SESSION, PHONE, TABLET] });
    api.answerNext("DELETE", `/users/me/sessions/${PHONE.id}`, () =>
      json({ detail: "Service unavailable" }, 503),
    );
    const { section } = await devices(api);
    await user.click(section.getByRole("button", { name: /^Sign out Safari on iPhone/ }));
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Safari on iPhone was not signed out: Service unavailable",
    );
    expect(names()).toEqual(["Chrome on Linux", "Safari on iPhone", "Unknown browser"]);
    expect(section.getByRole("button", { name: /^Sign out Safari on iPhone/ })).not.toHaveAttribute(
      "aria-disabled",
    );
  });

  it("takes off the list a device that was already signed out elsewhere", async () => {
    const api = fakeApi({ sessions: [THIS_SESSION, PHONE] });
    const { section } = await devices(api);
    api.sessions.splice(1, 1);
    await user.click(section.getByRole("button", { name: /^Sign out Safari on iPhone/ }));
    expect(await section.findByText("Safari on iPhone was already signed out.")).toBeVisible();
    expect(names()).toEqual(["Chrome on Linux"]);
    expect(section.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers to load the list again when it could not be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ sessions: [THIS_SESSION, PHONE] });
    api.answerNext("GET", "/users/me/sessions", () => json({ detail: "Service unavailable" }, 503));
    renderApp("/settings", { api });
    const section = within(await screen.findByRole("region", { name: "Devices" }));
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your devices could not be loaded: Service unavailable",
    );
    await user.click(section.getByRole("button", { name: "Try again" }));
    await section.findByRole("list");
    expect(names()).toEqual(["Chrome on Linux", "Safari on iPhone"]);
  });
});
