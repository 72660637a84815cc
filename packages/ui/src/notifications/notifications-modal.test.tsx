import type { Notification } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE, TODAY } from "../test/fixtures";
import { NotificationsModal, type NotificationsModalProps } from "./notifications-modal";

const RENEWAL: Notification = {
  id: "renewal:7:2026-12-14",
  kind: "renewal",
  title: "Netflix",
  at: "2026-12-07T00:00:00Z",
  due: "2026-12-14",
  read: false,
  subscription_id: 7,
};
const DUE: Notification = {
  id: "task_due:3:2026-12-07T17:00:00Z",
  kind: "task_due",
  title: "Pay council tax",
  at: "2026-12-07T00:00:00Z",
  due: "2026-12-07T17:00:00Z",
  read: true,
  task_id: 3,
};
const OVERDUE: Notification = {
  id: "task_overdue:4:2026-12-03T09:00:00Z",
  kind: "task_overdue",
  title: "Renew passport",
  at: "2026-12-03T09:00:00Z",
  due: "2026-12-03T09:00:00Z",
  read: false,
  task_id: 4,
};

function renderModal(props: Partial<NotificationsModalProps> = {}) {
  const callbacks = { onClose: vi.fn(), onSelect: vi.fn(), onMarkAllRead: vi.fn() };
  render(
    <NotificationsModal
      open
      notifications={[RENEWAL, DUE, OVERDUE]}
      today={TODAY}
      locale={LOCALE}
      {...callbacks}
      {...props}
    />,
  );
  return callbacks;
}

describe("NotificationsModal", () => {
  it("lists each reminder with what it is about and when, the unread ones said to be unread", () => {
    renderModal();
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    expect(dialog).toHaveAccessibleDescription("2 unread");
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("button"))).toEqual([
      within(dialog).getByRole("button", { name: "Netflix Renews Mon, Dec 14 Unread" }),
      within(dialog).getByRole("button", { name: "Pay council tax Due today at 5:00 PM" }),
      within(dialog).getByRole("button", {
        name: "Renew passport Overdue since Thu, Dec 3, 9:00 AM Unread",
      }),
    ]);
  });

  it("says no time of a task left without one (due at 00:00): due all its day, overdue since it", () => {
    const allDay = { due: "2026-12-03T00:00:00Z", read: true } as const;
    renderModal({
      notifications: [
        { ...DUE, ...allDay, id: "task_due:5:2026-12-03T00:00:00Z", at: allDay.due },
        {
          ...OVERDUE,
          ...allDay,
          id: "task_overdue:6:2026-12-03T00:00:00Z",
          at: "2026-12-04T00:00:00Z",
        },
      ],
    });
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("button"))).toEqual([
      within(dialog).getByRole("button", { name: "Pay council tax Due today" }),
      within(dialog).getByRole("button", { name: "Renew passport Overdue since Thu, Dec 3" }),
    ]);
  });

  it("says a renewal on the person's today 'Renews today', as the Renewals Soon card does", () => {
    const tomorrow = "2026-11-22";
    renderModal({
      notifications: [
        { ...RENEWAL, id: `renewal:7:${TODAY}`, due: TODAY },
        { ...RENEWAL, id: `renewal:8:${tomorrow}`, title: "Gym", due: tomorrow },
      ],
    });
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Netflix Renews today Unread", "Gym Renews Sun, Nov 22 Unread"]);
  });

  it("hands over the reminder pressed", async () => {
    const { onSelect } = renderModal();
    await userEvent.click(screen.getByRole("button", { name: /^Pay council tax/ }));
    expect(onSelect).toHaveBeenCalledWith(DUE);
  });

  it("marks all as read, which it offers only while some are unread", async () => {
    const { onMarkAllRead } = renderModal();
    await userEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });

  it("offers nothing to mark when all are read", () => {
    renderModal({ notifications: [DUE] });
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("dialog", { name: "Notifications" })).not.toHaveAccessibleDescription();
  });

  it("says so when nothing is due, with nothing to mark, and while the reminders load", () => {
    const { unmount } = render(
      <NotificationsModal
        open
        notifications={[]}
        today={TODAY}
        onClose={vi.fn()}
        onSelect={vi.fn()}
        onMarkAllRead={vi.fn()}
      />,
    );
    expect(screen.getByText(/all caught up/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
    unmount();
    renderModal({ notifications: null });
    expect(screen.getByRole("status")).toHaveTextContent("Loading your reminders...");
  });

  it("shows why the reminders could not be loaded", () => {
    renderModal({ error: "Not marked as read: Network down" });
    expect(screen.getByRole("alert")).toHaveTextContent("Not marked as read: Network down");
  });

  it("has no accessibility violations", async () => {
    renderModal();
    expect(await axeViolations()).toEqual([]);
  });
});
