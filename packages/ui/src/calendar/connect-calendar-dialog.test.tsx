// issue 19: the dialog after "Save and add to calendar": the address to copy, the two ways into a
// calendar app, what the address gives away, and Done.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { ConnectCalendarDialog } from "./connect-calendar-dialog";

const FEED = {
  url: "https://api.example.test/calendar/abc123.ics",
  webcal_url: "webcal://api.example.test/calendar/abc123.ics",
};

function renderDialog(onCopy = vi.fn(() => Promise.resolve())) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <ConnectCalendarDialog open feed={FEED} onCopy={onCopy} onDone={onDone} onClose={onClose} />,
  );
  return { onCopy, onDone, onClose };
}

describe("ConnectCalendarDialog (issue 19)", () => {
  it("is a dialog named by its title that shows the address, read-only", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Add your tasks to your calendar" });
    expect(dialog).toBeVisible();
    const address = screen.getByLabelText("Your calendar address");
    expect(address).toHaveValue(FEED.url);
    expect(address).toHaveAttribute("readonly");
    expect(
      screen.getByText("Anyone with this address can see your tasks and renewals.", {
        exact: false,
      }),
    ).toBeVisible();
  });

  it("copies the address and says so", async () => {
    const { onCopy } = renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(onCopy).toHaveBeenCalledWith(FEED.url);
    expect(await screen.findByText("Copied")).toBeVisible();
  });

  it("says when the browser refused the copy", async () => {
    renderDialog(vi.fn(() => Promise.reject(new Error("denied"))));
    await userEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(
      await screen.findByText("Could not copy. Select the address and copy it yourself."),
    ).toBeVisible();
  });

  it("links to Apple Calendar / Outlook by webcal and to Google Calendar in a new tab", () => {
    renderDialog();
    expect(screen.getByRole("link", { name: "Open in Apple Calendar / Outlook" })).toHaveAttribute(
      "href",
      FEED.webcal_url,
    );
    const google = screen.getByRole("link", { name: /^Add to Google Calendar/ });
    expect(google).toHaveAttribute(
      "href",
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(FEED.webcal_url)}`,
    );
    expect(google).toHaveAttribute("target", "_blank");
    expect(google).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("reaches Copy and I've added it by Tab, and I've added it calls back", async () => {
    const { onDone, onClose } = renderDialog();
    const user = userEvent.setup();
    const copy = screen.getByRole("button", { name: "Copy" });
    const done = screen.getByRole("button", { name: "I've added it" });
    for (const target of [copy, done]) {
      for (let presses = 0; presses < 10 && document.activeElement !== target; presses += 1) {
        await user.tab();
      }
      expect(target).toHaveFocus();
    }
    await user.keyboard("{Enter}");
    expect(onDone).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes on Escape without saying it is done", async () => {
    const { onDone, onClose } = renderDialog();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("closes on Not now without saying the calendar is added", async () => {
    const { onDone, onClose } = renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("has no accessibility violations", async () => {
    renderDialog();
    expect(await axeViolations()).toEqual([]);
  });
});
