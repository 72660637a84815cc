// issue 22: Settings' "Devices": each signed-in browser with its dates, "This device", a sign-out
// for each other one and for all of them, and what the section shows while busy or after a failure.
import type { Session } from "@life-admin/domain/account";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { SessionsSection, type SessionsSectionProps } from "./sessions-section";

const LAPTOP: Session = {
  id: "0b9f1c1e-4d1a-4c55-9a4e-0c1a2b3c4d5e",
  device: "Chrome on Linux",
  created_at: "2026-11-20T09:30:00Z",
  last_used_at: "2026-11-27T08:05:00Z",
  current: true,
};
const PHONE: Session = {
  id: "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d",
  device: "Safari on iPhone",
  created_at: "2026-11-01T18:00:00Z",
  last_used_at: "2026-11-26T21:45:00Z",
  current: false,
};
const UNKNOWN: Session = {
  id: "9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a",
  device: null,
  created_at: "2026-10-30T12:00:00Z",
  last_used_at: "2026-10-30T12:00:00Z",
  current: false,
};

function renderSection(props: Partial<SessionsSectionProps> = {}) {
  const onSignOut = vi.fn();
  const onSignOutOthers = vi.fn();
  render(
    <SessionsSection
      sessions={[LAPTOP, PHONE, UNKNOWN]}
      locale="en-GB"
      timeZone="Europe/London"
      onSignOut={onSignOut}
      onSignOutOthers={onSignOutOthers}
      {...props}
    />,
  );
  const section = within(screen.getByRole("region", { name: "Devices" }));
  return { onSignOut, onSignOutOthers, section };
}

describe("SessionsSection (issue 22)", () => {
  it("lists each device with when it signed in and was last used, in the person's locale and time zone", async () => {
    const { section } = renderSection({ locale: "en-US", timeZone: "America/New_York" });
    const items = section.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Chrome on LinuxThis deviceSigned in Nov 20, 2026, 4:30 AM · Last used Nov 27, 2026, 3:05 AM",
      "Safari on iPhoneSigned in Nov 1, 2026, 1:00 PM · Last used Nov 26, 2026, 4:45 PMSign out",
      "Unknown browserSigned in Oct 30, 2026, 8:00 AM · Last used Oct 30, 2026, 8:00 AMSign out",
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it("marks the current device and offers no sign-out on it", () => {
    const { section } = renderSection();
    const [first] = section.getAllByRole("listitem");
    if (first === undefined) throw new Error("no device listed");
    const current = within(first);
    expect(current.getByText("This device")).toBeVisible();
    expect(current.queryByRole("button")).not.toBeInTheDocument();
  });

  it("names the device each Sign out is for, and signs out that one", async () => {
    const { section, onSignOut } = renderSection();
    await userEvent.click(
      section.getByRole("button", {
        name: "Sign out Safari on iPhone, signed in 1 Nov 2026, 18:00",
      }),
    );
    expect(onSignOut).toHaveBeenCalledWith(PHONE);
    expect(
      section.getByRole("button", {
        name: "Sign out Unknown browser, signed in 30 Oct 2026, 12:00",
      }),
    ).not.toHaveAttribute("aria-disabled");
  });

  it("signs out everywhere else with one button while there are others", async () => {
    const { section, onSignOutOthers } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Sign out everywhere else" }));
    expect(onSignOutOthers).toHaveBeenCalledTimes(1);
  });

  it("offers no sign-out when this is the only device, and says so", () => {
    const alone = renderSection({ sessions: [LAPTOP] }).section;
    expect(alone.queryByRole("button")).not.toBeInTheDocument();
    expect(alone.getByText("No other device is signed in.")).toBeVisible();
  });

  it("while one device is being signed out, shows it busy and holds the other buttons", () => {
    const { section } = renderSection({ busy: { signingOut: PHONE.id } });
    const busy = section.getByRole("button", { name: /^Sign out Safari on iPhone/ });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveTextContent("Signing out...");
    expect(section.getByRole("button", { name: /^Sign out Unknown browser/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(section.getByRole("button", { name: "Sign out everywhere else" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("keeps focus on a device's Sign out while it works, then gives it to the next device's, then to the heading", async () => {
    const user = userEvent.setup();
    const props = {
      locale: "en-GB",
      timeZone: "Europe/London",
      onSignOut: vi.fn(),
      onSignOutOthers: vi.fn(),
    };
    const { rerender } = render(<SessionsSection {...props} sessions={[LAPTOP, PHONE, UNKNOWN]} />);
    const phone = screen.getByRole("button", { name: /^Sign out Safari on iPhone/ });
    await user.click(phone);
    rerender(
      <SessionsSection
        {...props}
        sessions={[LAPTOP, PHONE, UNKNOWN]}
        busy={{ signingOut: PHONE.id }}
      />,
    );
    expect(phone).toHaveFocus();
    rerender(<SessionsSection {...props} sessions={[LAPTOP, UNKNOWN]} />);
    expect(screen.getByRole("button", { name: /^Sign out Unknown browser/ })).toHaveFocus();

    // "Sign out everywhere else" leaves with the last other device.
    await user.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    rerender(<SessionsSection {...props} sessions={[LAPTOP]} />);
    expect(screen.getByRole("heading", { name: "Devices" })).toHaveFocus();
  });

  it("after a failure keeps every device listed and says why", () => {
    const { section } = renderSection({ error: "The server could not be reached" });
    expect(section.getByRole("alert")).toHaveTextContent("The server could not be reached");
    expect(section.getAllByRole("listitem")).toHaveLength(3);
    expect(section.getByRole("button", { name: "Sign out everywhere else" })).not.toHaveAttribute(
      "aria-disabled",
    );
  });

  it("says it is loading until the list comes", () => {
    const { section } = renderSection({ sessions: null });
    expect(section.getByText("Loading your devices...")).toBeVisible();
    expect(section.queryByRole("list")).not.toBeInTheDocument();
  });

  it("offers to try again when the list could not be loaded", async () => {
    const onRetry = vi.fn();
    const failed = renderSection({ sessions: null, error: "Failed to load", onRetry }).section;
    expect(failed.getByRole("alert")).toHaveTextContent("Failed to load");
    await userEvent.click(failed.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("announces what the last sign-out did", () => {
    const { section } = renderSection({ status: "Signed out Safari on iPhone." });
    expect(section.getAllByRole("status").at(-1)).toHaveTextContent("Signed out Safari on iPhone.");
  });
});
