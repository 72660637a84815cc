// issue 23: Settings' "Household": creating one (with the domain's rule on the name), its members
// with the owner's invitations and removals, leaving with what it does said first, and what the
// section shows while it loads, after a refusal, and busy.
import type { Household, HouseholdInvitation } from "@life-admin/domain/household";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { HouseholdSection, type HouseholdSectionProps } from "./household-section";

const ADA = 1;
const GRACE = 2;
const ALAN = 3;
const LOVELACES: Household = {
  id: 7,
  name: "The Lovelaces",
  members: [
    { user_id: ADA, full_name: "Ada Lovelace", role: "owner" },
    { user_id: GRACE, full_name: "Grace Hopper", role: "member" },
    { user_id: ALAN, full_name: null, role: "member" },
  ],
};
const LINK: HouseholdInvitation = {
  id: 1,
  created_at: "2026-11-21T11:00:00Z",
  url: "http://127.0.0.1:5173/join#an-invitation-token",
  token: "an-invitation-token",
  expires_at: "2026-11-28T11:00:00Z",
};

function renderSection(props: Partial<HouseholdSectionProps> = {}) {
  const callbacks = {
    onCreate: vi.fn(),
    onInvite: vi.fn(),
    onCopy: vi.fn(() => Promise.resolve()),
    onRemove: vi.fn(),
    onLeave: vi.fn(),
    onWithdraw: vi.fn(),
  };
  render(
    <HouseholdSection
      household={LOVELACES}
      userId={ADA}
      locale="en-GB"
      timeZone="Europe/London"
      {...callbacks}
      {...props}
    />,
  );
  const section = within(screen.getByRole("region", { name: "Household" }));
  return { ...callbacks, section };
}

describe("HouseholdSection (issue 23)", () => {
  it("in no household, says what one is and that nothing is shared unless chosen", async () => {
    const { section } = renderSection({ household: null });
    expect(section.getByText(/Nothing of yours is shared unless you choose/)).toHaveTextContent(
      "“Share with household”",
    );
    expect(section.getByLabelText("Household name")).toHaveValue("");
    expect(await axeViolations()).toEqual([]);
  });

  it("creates a household with the name typed", async () => {
    const { section, onCreate } = renderSection({ household: null });
    await userEvent.type(section.getByLabelText("Household name"), "The Lovelaces");
    await userEvent.click(section.getByRole("button", { name: "Create household" }));
    expect(onCreate).toHaveBeenCalledWith("The Lovelaces");
  });

  it("refuses an empty or too long name at the field, as the API would, sending nothing", async () => {
    const { section, onCreate } = renderSection({ household: null });
    const name = section.getByLabelText("Household name");
    await userEvent.type(name, "   ");
    await userEvent.click(section.getByRole("button", { name: "Create household" }));
    expect(name).toHaveAccessibleDescription("Name is required");
    expect(name).toBeInvalid();
    // Focus on the field, which reads its error, as the Add forms do.
    expect(name).toHaveFocus();

    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste("x".repeat(101));
    await userEvent.click(section.getByRole("button", { name: "Create household" }));
    expect(name).toHaveAccessibleDescription("Name must be at most 100 characters");
    expect(name).toHaveFocus();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("moves focus to the field when the API refuses the name", () => {
    renderSection({ household: null, nameError: "Name must be at most 100 characters" });
    expect(screen.getByLabelText("Household name")).toHaveFocus();
  });

  it("after a refusal shows the API's words and keeps the name typed", async () => {
    const { section } = renderSection({
      household: null,
      error: "You are already in a household. Leave it before creating or joining another.",
    });
    expect(section.getByRole("alert")).toHaveTextContent(
      "Your household was not created: You are already in a household.",
    );
    await userEvent.type(section.getByLabelText("Household name"), "Home");
    expect(section.getByLabelText("Household name")).toHaveValue("Home");
  });

  it("lists the members with their roles, the owner first and the person marked", async () => {
    const { section } = renderSection({ userId: GRACE });
    expect(section.getByText("The Lovelaces")).toBeVisible();
    expect(section.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Ada LovelaceOwner",
      "Grace Hopper (you)Member",
      "GuestMember",
    ]);
    expect(section.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
    expect(section.queryByRole("button", { name: "Invite someone" })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("lets the owner invite, and shows the link to copy with when it stops working", async () => {
    const { section, onInvite } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Invite someone" }));
    expect(onInvite).toHaveBeenCalledTimes(1);
  });

  it("shows an invitation link read-only, copies it, and says it works once until when", async () => {
    const { section, onCopy } = renderSection({ invitation: LINK });
    const link = section.getByLabelText("Invitation link");
    expect(link).toHaveValue(LINK.url);
    expect(link).toHaveAttribute("readonly");
    expect(section.getByText(/^Works once, until 28 Nov 2026, 11:00\./)).toBeVisible();
    await userEvent.click(section.getByRole("button", { name: "Copy link" }));
    expect(onCopy).toHaveBeenCalledWith(LINK.url);
    expect(await section.findByText("Copied")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("puts focus on Invite someone once the household is created, and on a new link once made", () => {
    const props = {
      userId: ADA,
      onCreate: vi.fn(),
      onInvite: vi.fn(),
      onCopy: vi.fn(() => Promise.resolve()),
      onRemove: vi.fn(),
      onLeave: vi.fn(),
      onWithdraw: vi.fn(),
    };
    const alone: Household = { ...LOVELACES, members: LOVELACES.members.slice(0, 1) };
    const { rerender } = render(<HouseholdSection {...props} household={null} />);
    screen.getByLabelText("Household name").focus();
    // The form that had focus is gone: its household's next step has it.
    rerender(<HouseholdSection {...props} household={alone} />);
    expect(screen.getByRole("button", { name: "Invite someone" })).toHaveFocus();
    rerender(<HouseholdSection {...props} household={alone} invitation={LINK} />);
    expect(screen.getByLabelText("Invitation link")).toHaveFocus();
    // A household read again with the same link leaves focus where the person put it.
    screen.getByRole("button", { name: "Copy link" }).focus();
    rerender(<HouseholdSection {...props} household={{ ...alone }} invitation={LINK} />);
    expect(screen.getByRole("button", { name: "Copy link" })).toHaveFocus();
  });

  it("keeps focus in the section when a removed member's row, or the whole list on leaving, goes", async () => {
    const props = {
      userId: ADA,
      onCreate: vi.fn(),
      onInvite: vi.fn(),
      onCopy: vi.fn(() => Promise.resolve()),
      onRemove: vi.fn(),
      onLeave: vi.fn(),
      onWithdraw: vi.fn(),
    };
    const { rerender } = render(<HouseholdSection {...props} household={LOVELACES} />);
    const remove = screen.getByRole("button", { name: "Remove Grace Hopper" });
    await userEvent.click(remove);
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(remove).toHaveFocus();
    const withoutGrace: Household = {
      ...LOVELACES,
      members: LOVELACES.members.filter((member) => member.user_id !== GRACE),
    };
    rerender(<HouseholdSection {...props} household={withoutGrace} />);
    // The owner's next step, not the page: the next Tab goes on from the section.
    expect(screen.getByRole("button", { name: "Invite someone" })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Leave household" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Leave household" }),
    );
    rerender(<HouseholdSection {...props} household={null} />);
    expect(screen.getByRole("heading", { name: "Household" })).toHaveFocus();
  });

  it("leaves focus where it is when the household is read again while focus is elsewhere", () => {
    const props = {
      userId: GRACE,
      onCreate: vi.fn(),
      onInvite: vi.fn(),
      onCopy: vi.fn(() => Promise.resolve()),
      onRemove: vi.fn(),
      onLeave: vi.fn(),
      onWithdraw: vi.fn(),
    };
    const { rerender } = render(<HouseholdSection {...props} household={LOVELACES} />);
    // A household read again while focus is elsewhere leaves it there.
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    rerender(<HouseholdSection {...props} household={{ ...LOVELACES }} />);
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it("removes a member only after the owner confirms what it does", async () => {
    const { section, onRemove } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Remove Grace Hopper" }));
    const question = screen.getByRole("alertdialog", { name: "Remove Grace Hopper?" });
    expect(question).toHaveTextContent(
      "Grace Hopper leaves the household at once. What they shared stops being shared",
    );
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(onRemove).not.toHaveBeenCalled();

    await userEvent.click(section.getByRole("button", { name: "Remove Guest" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog", { name: "Remove Guest?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    expect(onRemove).toHaveBeenCalledWith(LOVELACES.members[2]);
  });

  it("says before an owner leaves who owns the household next", async () => {
    const { section, onLeave } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Leave household" }));
    const question = screen.getByRole("alertdialog", { name: "Leave The Lovelaces?" });
    expect(question).toHaveTextContent(
      "What you shared with the household stops being shared, and what was assigned to you " +
        "goes back to its owner. Grace Hopper, who joined first after you, becomes its owner.",
    );
    await userEvent.click(within(question).getByRole("button", { name: "Leave household" }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("says before the last member leaves that the household is deleted", async () => {
    const alone: Household = { ...LOVELACES, members: LOVELACES.members.slice(0, 1) };
    const { section } = renderSection({ household: alone });
    await userEvent.click(section.getByRole("button", { name: "Leave household" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(
      "You are its only member: the household and its invitation links are deleted.",
    );
  });

  it("says before a member leaves that coming back needs a new link", async () => {
    const { section } = renderSection({ userId: ALAN });
    await userEvent.click(section.getByRole("button", { name: "Leave household" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(
      "To come back, you need a new invitation link.",
    );
  });

  it("while a member is being removed, shows it busy and holds the other buttons", () => {
    const { section } = renderSection({ busy: { removing: GRACE } });
    const busy = section.getByRole("button", { name: "Remove Grace Hopper" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveTextContent("Removing...");
    expect(section.getByRole("button", { name: "Remove Guest" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(section.getByRole("button", { name: "Invite someone" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(section.getByRole("button", { name: "Leave household" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("after a refusal keeps the members listed and says why in the API's words", () => {
    const { section } = renderSection({ error: "Only the household's owner can remove members" });
    expect(section.getByRole("alert")).toHaveTextContent(
      "Only the household's owner can remove members",
    );
    expect(section.getAllByRole("listitem")).toHaveLength(3);
  });

  it("says it is loading until the household comes, and offers to try again after a failure", async () => {
    const loading = renderSection({ household: undefined }).section;
    expect(loading.getByText("Loading your household...")).toBeVisible();
    cleanup();

    const onRetry = vi.fn();
    const failed = renderSection({ household: undefined, error: "Failed to fetch", onRetry });
    expect(failed.section.getByRole("alert")).toHaveTextContent("Failed to fetch");
    await userEvent.click(failed.section.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("announces what the last change did", () => {
    const { section } = renderSection({ status: "Grace Hopper was removed." });
    expect(section.getAllByRole("status").at(-1)).toHaveTextContent("Grace Hopper was removed.");
  });
});
