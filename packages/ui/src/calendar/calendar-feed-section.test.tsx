// issue 19: Settings' "Calendar feed": the address again, when it was last fetched, and a new
// address only after the question.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { CalendarFeedSection, type CalendarFeedSectionProps } from "./calendar-feed-section";

const FEED = {
  url: "https://api.example.test/calendar/abc123.ics",
  webcal_url: "webcal://api.example.test/calendar/abc123.ics",
  connected: true,
  last_fetched_at: null,
};

function renderSection(props: Partial<CalendarFeedSectionProps> = {}) {
  const onRotate = vi.fn();
  render(
    <CalendarFeedSection
      feed={FEED}
      locale="en-GB"
      timeZone="UTC"
      onCopy={() => Promise.resolve()}
      onRotate={onRotate}
      {...props}
    />,
  );
  return { onRotate, section: within(screen.getByRole("region", { name: "Calendar feed" })) };
}

describe("CalendarFeedSection (issue 19)", () => {
  it("shows the address, the links and that no calendar app has fetched it yet", () => {
    const { section } = renderSection();
    expect(section.getByLabelText("Your calendar address")).toHaveValue(FEED.url);
    expect(section.getByRole("button", { name: "Copy" })).toBeVisible();
    expect(section.getByRole("link", { name: "Open in Apple Calendar / Outlook" })).toBeVisible();
    expect(section.getByRole("link", { name: /^Add to Google Calendar/ })).toBeVisible();
    expect(section.getByText("Last fetched by a calendar app: Not fetched yet")).toBeVisible();
  });

  it("says when a calendar app last fetched it, in the person's locale and time zone", () => {
    const { section } = renderSection({
      feed: { ...FEED, last_fetched_at: "2026-11-25T11:00:00Z" },
    });
    expect(section.getByText("Last fetched by a calendar app: 25 Nov 2026, 11:00")).toBeVisible();
  });

  it("asks before getting a new address, and Cancel keeps the old one", async () => {
    const { section, onRotate } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Get a new address" }));
    const question = screen.getByRole("alertdialog", { name: "Get a new address?" });
    expect(question).toHaveAccessibleDescription(
      "Calendar apps using the old address will stop updating. Add the new address to them again.",
    );
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(onRotate).not.toHaveBeenCalled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("gets a new address once confirmed", async () => {
    const { section, onRotate } = renderSection();
    await userEvent.click(section.getByRole("button", { name: "Get a new address" }));
    const question = screen.getByRole("alertdialog", { name: "Get a new address?" });
    await userEvent.click(within(question).getByRole("button", { name: "Get a new address" }));
    expect(onRotate).toHaveBeenCalledOnce();
  });

  it("says the address is new, and shows a failure", () => {
    const { section } = renderSection({ rotated: true, error: "The server is unavailable" });
    expect(
      section.getByText("Your calendar has a new address. Add it to your calendar apps again."),
    ).toBeVisible();
    expect(section.getByRole("alert")).toHaveTextContent("The server is unavailable");
  });

  it("has no accessibility violations", async () => {
    renderSection();
    expect(await axeViolations()).toEqual([]);
  });
});
