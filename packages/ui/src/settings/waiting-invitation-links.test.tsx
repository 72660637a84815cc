// issue 23: the owner's links not used yet, in Settings' "Household": when each was made and
// expires in the person's locale and time zone, Withdraw, what shows while one is withdrawn, and
// where focus goes when its row leaves.
import type { Household, PendingInvitation } from "@life-admin/domain/household";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { HouseholdSection, type HouseholdSectionProps } from "./household-section";

const ADA = 1;
const GRACE = 2;
const LOVELACES: Household = {
  id: 7,
  name: "The Lovelaces",
  members: [
    { user_id: ADA, full_name: "Ada Lovelace", role: "owner" },
    { user_id: GRACE, full_name: "Grace Hopper", role: "member" },
  ],
};
// Made 03:30 UTC on Nov 30: still Nov 29 in Los Angeles.
const NEWER: PendingInvitation = {
  id: 12,
  created_at: "2026-11-30T03:30:00Z",
  expires_at: "2026-12-07T03:30:00Z",
};
const OLDER: PendingInvitation = {
  id: 11,
  created_at: "2026-11-28T17:05:00Z",
  expires_at: "2026-12-05T17:05:00Z",
};

function props(overrides: Partial<HouseholdSectionProps> = {}): HouseholdSectionProps {
  return {
    household: LOVELACES,
    userId: ADA,
    locale: "en-US",
    timeZone: "UTC",
    invitations: [NEWER, OLDER],
    onCreate: vi.fn(),
    onInvite: vi.fn(),
    onCopy: vi.fn(() => Promise.resolve()),
    onRemove: vi.fn(),
    onLeave: vi.fn(),
    onWithdraw: vi.fn(),
    ...overrides,
  };
}

const links = () => within(screen.getByRole("list", { name: "Links not used yet" }));

describe("the owner's links not used yet (issue 23)", () => {
  it("lists when each was made and expires, newest first, with Withdraw", async () => {
    render(<HouseholdSection {...props()} />);
    expect(
      links()
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["Made Nov 30, expires Dec 7Withdraw", "Made Nov 28, expires Dec 5Withdraw"]);
    // Two links of one day are told apart by their time, to a screen reader too.
    expect(
      links().getByRole("button", { name: "Withdraw the link made Nov 30, 3:30 AM" }),
    ).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("says the days in the person's locale and time zone", () => {
    render(<HouseholdSection {...props({ locale: "en-GB", timeZone: "America/Los_Angeles" })} />);
    expect(links().getAllByRole("listitem")[0]).toHaveTextContent("Made 29 Nov, expires 6 Dec");
  });

  it("withdraws the link pressed", async () => {
    const section = props();
    render(<HouseholdSection {...section} />);
    await userEvent.click(
      screen.getByRole("button", { name: "Withdraw the link made Nov 28, 5:05 PM" }),
    );
    expect(section.onWithdraw).toHaveBeenCalledWith(OLDER);
  });

  it("says when no link is waiting", () => {
    render(<HouseholdSection {...props({ invitations: [] })} />);
    expect(screen.getByRole("heading", { name: "Links not used yet" })).toBeVisible();
    expect(screen.getByText(/^None\. A link you make shows here until/)).toBeVisible();
  });

  it("shows no links to a member", () => {
    render(<HouseholdSection {...props({ userId: GRACE })} />);
    expect(screen.queryByRole("heading", { name: "Links not used yet" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Withdraw/ })).toBeNull();
  });

  it("while one is withdrawn, shows it busy and holds the section's other buttons", () => {
    render(<HouseholdSection {...props({ busy: { withdrawing: OLDER.id } })} />);
    const busy = screen.getByRole("button", { name: /^Withdraw the link made Nov 28/ });
    expect(busy).toHaveTextContent("Withdrawing...");
    for (const name of [/^Withdraw the link made Nov 30/, /^Remove/, /^Invite/, /^Leave/]) {
      expect(screen.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
    }
  });

  it("keeps focus in the list when a withdrawn link's row goes: the next link's Withdraw, then the heading", async () => {
    const section = props();
    const { rerender } = render(<HouseholdSection {...section} />);
    await userEvent.click(screen.getByRole("button", { name: /^Withdraw the link made Nov 30/ }));
    rerender(<HouseholdSection {...section} invitations={[OLDER]} />);
    expect(screen.getByRole("button", { name: /^Withdraw the link made Nov 28/ })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: /^Withdraw the link made Nov 28/ }));
    rerender(<HouseholdSection {...section} invitations={[]} />);
    expect(screen.getByRole("heading", { name: "Links not used yet" })).toHaveFocus();
    // The next Tab goes on from there, to the section's next control.
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Leave household" })).toHaveFocus();
  });
});
