// issue 23: the /join page's section: joining or declining when signed in, signing in first when
// not, once joined the household's name and the way to Family view, and after a refusal the API's
// words with the way back alone.
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { JoinHouseholdSection, type JoinHouseholdSectionProps } from "./join-household-section";

/** What the section calls back, each a spy. */
const spyCallbacks = () => ({
  onJoin: vi.fn(),
  onOpenFamilyView: vi.fn(),
  onSignIn: vi.fn(),
  onLeave: vi.fn(),
});

function renderSection(props: Partial<JoinHouseholdSectionProps> = {}) {
  const callbacks = spyCallbacks();
  render(
    <JoinHouseholdSection step="join" backLabel="Back to dashboard" {...callbacks} {...props} />,
  );
  return callbacks;
}

describe("JoinHouseholdSection (issue 23)", () => {
  it("signed in, offers to join or not now, and says nothing is shared until chosen", async () => {
    const { onJoin, onLeave } = renderSection();
    expect(
      screen.getByRole("heading", { name: "You've been invited to a household" }),
    ).toBeVisible();
    expect(screen.getByText(/Nothing of yours is shared until you choose/)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Join household" }));
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(await axeViolations()).toEqual([]);
  });

  it("names the household and who invited the person, once the API has said", async () => {
    renderSection({ invitation: { household_name: "The Lovelaces", invited_by: "Ada" } });
    expect(
      screen.getByRole("heading", { name: "Ada invited you to join The Lovelaces" }),
    ).toBeVisible();
    cleanup();
    renderSection({ invitation: { household_name: "The Lovelaces", invited_by: null } });
    expect(
      screen.getByRole("heading", { name: "You've been invited to join The Lovelaces" }),
    ).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("while joining, shows it and holds Not now", () => {
    renderSection({ joining: true });
    expect(screen.getByRole("button", { name: "Joining..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("button", { name: "Not now" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("signed out, asks the person to sign in first", async () => {
    const { onSignIn } = renderSection({ step: "sign-in" });
    expect(screen.queryByRole("button", { name: "Join household" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in to join" }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it("after a refusal, says why in the API's words and offers only the way back", async () => {
    const { onLeave } = renderSection({
      step: "refused",
      error: "This invitation link has already been used. Ask for a new one.",
    });
    expect(screen.getByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This invitation link has already been used. Ask for a new one.",
    );
    expect(screen.queryByRole("button", { name: "Join household" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back to dashboard" }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("moves focus from the Join button a refusal takes away to the way back", async () => {
    const callbacks = spyCallbacks();
    const { rerender } = render(
      <JoinHouseholdSection step="join" backLabel="Back to dashboard" {...callbacks} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Join household" }));
    rerender(
      <JoinHouseholdSection
        step="refused"
        error="This invitation link has already been used. Ask for a new one."
        backLabel="Back to dashboard"
        {...callbacks}
      />,
    );
    expect(screen.getByRole("button", { name: "Back to dashboard" })).toHaveFocus();
  });

  it("once joined, names the household, takes focus to that news, and offers Family view", async () => {
    const callbacks = spyCallbacks();
    const { rerender } = render(
      <JoinHouseholdSection step="join" backLabel="Back to dashboard" {...callbacks} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Join household" }));
    rerender(
      <JoinHouseholdSection
        step="joined"
        joinedName="The Lovelaces"
        backLabel="Back to dashboard"
        {...callbacks}
      />,
    );
    const heading = screen.getByRole("heading", { name: "You joined The Lovelaces" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/is in Family view/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join household" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open Family view" }));
    expect(callbacks.onOpenFamilyView).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Back to dashboard" }));
    expect(callbacks.onLeave).toHaveBeenCalledOnce();
    expect(await axeViolations()).toEqual([]);
  });

  it("without a link, says how to use one", () => {
    renderSection({ step: "no-link" });
    expect(screen.getByRole("heading", { name: "No invitation link" })).toBeVisible();
    expect(screen.getByText(/Open the link you were sent/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Back to dashboard" })).toBeVisible();
  });
});
