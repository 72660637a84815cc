import type { User } from "@life-admin/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE } from "../test/fixtures";
import { EmailRemindersSection, type EmailRemindersSectionProps } from "./email-reminders-section";

const USER: EmailRemindersSectionProps["user"] = {
  email: "ada@example.com",
  time_zone: "Europe/London",
  email_reminders: false,
  reminder_hour: 8,
  email_available: true,
  email_last_error: null,
};

function renderSection(user: Partial<User> = {}, props: Partial<EmailRemindersSectionProps> = {}) {
  const onChange = vi.fn();
  render(
    <EmailRemindersSection
      user={{ ...USER, ...user }}
      locale={LOCALE}
      onChange={onChange}
      {...props}
    />,
  );
  return onChange;
}

describe("EmailRemindersSection", () => {
  it("is off until the person turns it on, and says where and by which clock it is sent", async () => {
    const onChange = renderSection();
    const toggle = screen.getByRole("checkbox", { name: "Email me my reminders each morning" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Sent to ada@example.com/)).toBeInTheDocument();
    expect(toggle).toHaveAccessibleDescription(/follow your time zone, Europe\/London/);
    // The hour means nothing while it is off.
    expect(screen.getByRole("combobox", { name: "Send it at" })).toBeDisabled();
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith({ email_reminders: true });
  });

  it("quotes “today” as the rest of the app does", () => {
    renderSection();
    expect(
      screen.getByRole("checkbox", { name: "Email me my reminders each morning" }),
    ).toHaveAccessibleDescription(/Mornings and “today” follow your time zone/);
  });

  it("offers every hour of the day as the locale writes it", async () => {
    const onChange = renderSection({ email_reminders: true, reminder_hour: 8 });
    const hour = screen.getByRole("combobox", { name: "Send it at" });
    expect(hour).toHaveDisplayValue("8:00 AM");
    expect(screen.getAllByRole("option")).toHaveLength(24);
    await userEvent.selectOptions(hour, "6:00 PM");
    expect(onChange).toHaveBeenCalledWith({ reminder_hour: 18 });
  });

  it("says email is off on a server without a mail server, and offers nothing", () => {
    renderSection({ email_available: false });
    expect(screen.getByText(/Email is off on this server/)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("shows why the latest email could not be sent", () => {
    renderSection({
      email_reminders: true,
      email_last_error: {
        morning: "2026-12-07",
        at: "2026-12-07T08:20:00Z",
        message: "550 Mailbox unavailable",
      },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your reminder email for December 7, 2026 could not be sent: 550 Mailbox unavailable.",
    );
  });

  it("says a change is saved, or why it was not", () => {
    const { unmount } = render(
      <EmailRemindersSection user={USER} locale={LOCALE} onChange={vi.fn()} saved />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Saved.");
    unmount();
    renderSection({}, { error: "Network down" });
    expect(screen.getByRole("alert")).toHaveTextContent("Your change was not saved: Network down");
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("keeps the controls still while a change is saved", () => {
    renderSection({ email_reminders: true }, { saving: true });
    expect(screen.getByRole("checkbox")).toBeDisabled();
    expect(screen.getByRole("combobox")).toBeDisabled();
  });

  it("has no accessibility violations", async () => {
    renderSection({ email_reminders: true });
    expect(await axeViolations()).toEqual([]);
  });
});
