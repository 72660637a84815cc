import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { SignUpPanel, type SignUpPanelProps } from "./sign-up-panel";

function renderPanel(overrides: Partial<SignUpPanelProps> = {}) {
  const props: SignUpPanelProps = {
    status: "idle",
    onContinueWithGoogle: vi.fn(),
    onSignUpWithEmail: vi.fn(),
    ...overrides,
  };
  render(<SignUpPanel {...props} />);
  return props;
}

describe("SignUpPanel", () => {
  it("shows the heading, both buttons and the privacy promise", () => {
    renderPanel();
    expect(screen.getByRole("heading", { name: "Get Started with us today!" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with Google" })).not.toHaveAttribute(
      "aria-disabled",
    );
    expect(screen.getByRole("button", { name: "Sign Up with Email" })).not.toHaveAttribute(
      "aria-disabled",
    );
    const privacy = screen.getByText(/Your data is yours/);
    expect(privacy).toHaveTextContent(
      "no other account sees it unless you share it with your household",
    );
    expect(privacy).toHaveTextContent("we never sell it");
    expect(privacy).toHaveTextContent("tasks and subscriptions are stored unencrypted");
    expect(privacy).toHaveTextContent("delete your account at any time in Settings");
    expect(privacy).not.toHaveTextContent("end-to-end");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    // The notice's region, empty until there is one.
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("starts Google sign-in from Continue with Google", async () => {
    const props = renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(props.onContinueWithGoogle).toHaveBeenCalledOnce();
  });

  it("calls back from Sign Up with Email", async () => {
    const props = renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Sign Up with Email" }));
    expect(props.onSignUpWithEmail).toHaveBeenCalledOnce();
  });

  it("says 'Redirecting to Google...' and shows a disabled 'Loading...' while redirecting", async () => {
    const props = renderPanel({ status: "redirecting" });
    expect(screen.getByText("Redirecting to Google...")).toHaveAttribute("role", "status");
    const button = screen.getByRole("button", { name: "Loading..." });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(screen.queryByRole("button", { name: "Continue with Google" })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(props.onContinueWithGoogle).not.toHaveBeenCalled();
  });

  it("shows the sign-in failure and offers the button again", () => {
    renderPanel({ status: "error" });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Failed to initiate Google sign-in. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Continue with Google" })).not.toHaveAttribute(
      "aria-disabled",
    );
  });

  it("shows 'Authentication failed. Please try again.' after a failed callback", () => {
    renderPanel({ authError: true });
    expect(screen.getByRole("alert")).toHaveTextContent("Authentication failed. Please try again.");
  });

  it("shows the app's notice as a status, and nothing without one", () => {
    renderPanel({ notice: "Your account and all its data have been deleted." });
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your account and all its data have been deleted.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("puts a notice that comes later into the status region already there, so that it is announced", () => {
    const props: SignUpPanelProps = {
      status: "idle",
      onContinueWithGoogle: vi.fn(),
      onSignUpWithEmail: vi.fn(),
    };
    const { rerender } = render(<SignUpPanel {...props} />);
    const region = screen.getByRole("status");
    rerender(<SignUpPanel {...props} notice="Your account and all its data have been deleted." />);
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent("Your account and all its data have been deleted.");
  });

  it("marks a done notice with a check mark", () => {
    renderPanel({ notice: "Your account and all its data have been deleted." });
    const icon = screen.getByRole("status").parentElement?.querySelector("svg");
    expect(icon).toHaveClass("lucide-circle-check");
  });

  it("marks a kept form's notice with the clock turning back, not a check mark", () => {
    renderPanel({ notice: "You were signed out before it was saved.", noticeKind: "kept" });
    const icon = screen.getByRole("status").parentElement?.querySelector("svg");
    expect(icon).toHaveClass("lucide-history");
    expect(icon).not.toHaveClass("lucide-circle-check");
  });

  it("has no accessibility violations, with a notice too", async () => {
    renderPanel({ notice: "Your account and all its data have been deleted." });
    expect(await axeViolations()).toEqual([]);
  });

  it("has no accessibility violations", async () => {
    renderPanel({ status: "redirecting", authError: true });
    expect(await axeViolations()).toEqual([]);
  });
});
