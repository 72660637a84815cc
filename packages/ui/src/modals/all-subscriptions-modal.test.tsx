import { daysUntil, renewalListLabel } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { CURRENCY, LOCALE, TODAY, makeSubscription } from "../test/fixtures";
import { withLayout } from "../test/layout";
import { AllSubscriptionsModal } from "./all-subscriptions-modal";
import type { Subscription } from "@life-admin/domain";
import { spyActions } from "../test/actions";

function renderOpen(subscriptions: Subscription[], actions = spyActions(), currency = CURRENCY) {
  render(
    <AllSubscriptionsModal
      actions={actions}
      open
      onClose={vi.fn()}
      today={TODAY}
      currency={currency}
      locale={LOCALE}
      subscriptions={subscriptions}
    />,
  );
  return within(screen.getByRole("dialog", { name: "All Subscriptions" }));
}

describe("AllSubscriptionsModal", () => {
  it("lists subscriptions by next renewal, soonest first", () => {
    const dialog = renderOpen([
      makeSubscription({ name: "Later", next_renewal_date: "2027-02-01" }),
      makeSubscription({ name: "Sooner", next_renewal_date: "2026-11-23" }),
      makeSubscription({ name: "Lapsed", next_renewal_date: "2026-10-01" }),
    ]);
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Lapsed",
      "Sooner",
      "Later",
    ]);
  });

  it("shows name, frequency, dollar cost, renewal date and label, reminder and priority", () => {
    const dialog = renderOpen([
      makeSubscription({
        name: "Netflix",
        frequency: "Monthly",
        cost: 15.49,
        next_renewal_date: "2026-11-25",
        remind_days_before: 3,
        priority: "Medium",
      }),
    ]);
    const card = dialog.getByRole("listitem");
    expect(within(card).getByRole("heading", { name: "Netflix" })).toBeInTheDocument();
    expect(within(card).getByText("Monthly")).toBeInTheDocument();
    expect(within(card).getByText("$15.49")).toBeInTheDocument();
    // "in", for a screen reader: heard, "4 days" after a date could be ago or to go.
    expect(card).toHaveTextContent("Next Renewal: 11/25/2026 in 4 days");
    expect(card).toHaveTextContent("Reminder: 3 days before");
    expect(within(card).getByText("Medium Priority")).toBeInTheDocument();
  });

  it.each([
    ["2026-10-30", "Expired"],
    ["2026-11-22", "Tomorrow"],
    ["2026-11-30", "9 days"],
  ])("labels a renewal on %s as '%s' (the domain's list label)", (date, label) => {
    const dialog = renderOpen([makeSubscription({ next_renewal_date: date })]);
    expect(renewalListLabel(daysUntil(date, TODAY))).toBe(label);
    expect(dialog.getByText(label)).toBeInTheDocument();
  });

  it("badges one that renews every few months 'Every 3 months', and a monthly one 'Monthly'", () => {
    const dialog = renderOpen([
      makeSubscription({ name: "Water", frequency: "Monthly", interval: 3 }),
      makeSubscription({ name: "Netflix", frequency: "Monthly", interval: 1 }),
    ]);
    expect(dialog.getByText("Every 3 months")).toBeInTheDocument();
    expect(dialog.getByText("Monthly")).toBeInTheDocument();
  });

  it("labels a renewal dated the person's today as 'Today'", () => {
    render(
      <AllSubscriptionsModal
        actions={spyActions()}
        open
        onClose={vi.fn()}
        today="2026-11-21"
        currency={CURRENCY}
        subscriptions={[makeSubscription({ next_renewal_date: "2026-11-21" })]}
      />,
    );
    expect(screen.getByText("Today")).toBeInTheDocument();
  });

  it("writes a one-day reminder in the singular", () => {
    const dialog = renderOpen([makeSubscription({ remind_days_before: 1 })]);
    expect(dialog.getByRole("listitem")).toHaveTextContent("Reminder: 1 day before");
  });

  it("links to a safe cancel link in a new tab without an opener or referrer", () => {
    const dialog = renderOpen([
      makeSubscription({ name: "Netflix", cancel_link: "https://www.netflix.com/cancelplan" }),
    ]);
    const link = dialog.getByRole("link", { name: /^Manage Subscription/ });
    expect(link).toHaveTextContent("Manage Subscription →");
    expect(link).toHaveAccessibleName("Manage Subscription for Netflix (opens in a new tab)");
    expect(link).toHaveAttribute("href", "https://www.netflix.com/cancelplan");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it.each([
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(document.cookie)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["/settings"],
    ["java\tscript:alert(1)"],
    [""],
  ])("renders no link for the unsafe cancel link %j", (cancelLink) => {
    const dialog = renderOpen([makeSubscription({ cancel_link: cancelLink })]);
    expect(dialog.queryByRole("link")).not.toBeInTheDocument();
    expect(dialog.queryByText(/Manage Subscription/)).not.toBeInTheDocument();
  });

  it("renders no link without a cancel link", () => {
    const dialog = renderOpen([makeSubscription({ cancel_link: null })]);
    expect(dialog.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows what the active ones cost per month and per year, paused ones left out (decisions D10)", () => {
    renderOpen([
      makeSubscription({ cost: 10, frequency: "Monthly" }),
      makeSubscription({ cost: 52, frequency: "Yearly" }),
      makeSubscription({ cost: 1, frequency: "Weekly" }),
      makeSubscription({ cost: 99, frequency: "Monthly", active: false }),
    ]);
    // 120 + 52 + 52 = 224 a year; 224 / 12 = 18.67 a month.
    const dialog = screen.getByRole("dialog", { name: "All Subscriptions" });
    expect(dialog).toHaveAccessibleDescription("$18.67 per month $224.00 per year 3 active");
  });

  it("writes the costs and the totals in the person's currency (issue 22)", () => {
    const dialog = renderOpen(
      [makeSubscription({ name: "Rent", cost: 1200, frequency: "Monthly" })],
      spyActions(),
      "GBP",
    );
    // The card's cost, and the monthly total of that one subscription.
    expect(dialog.getAllByText("£1,200.00")).toHaveLength(2);
    expect(screen.getByRole("dialog", { name: "All Subscriptions" })).toHaveAccessibleDescription(
      "£1,200.00 per month £14,400.00 per year 1 active",
    );
  });

  it("pauses and resumes with each card's Active switch, by keyboard too, and says which is paused", async () => {
    const actions = spyActions();
    const netflix = makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-22" });
    const gym = makeSubscription({ name: "Gym", next_renewal_date: "2026-11-23", active: false });
    const dialog = renderOpen([netflix, gym], actions);
    const [first, second] = dialog.getAllByRole("listitem") as [HTMLElement, HTMLElement];
    const on = within(first).getByRole("switch", { name: "Active Netflix" });
    expect(on).toBeChecked();
    await userEvent.click(on);
    expect(actions.onSubscriptionActive).toHaveBeenLastCalledWith(netflix.id, false);

    const off = within(second).getByRole("switch", { name: "Active Gym" });
    expect(off).not.toBeChecked();
    expect(second).toHaveTextContent("Next Renewal: Paused");
    expect(second).not.toHaveTextContent("Tomorrow");
    off.focus();
    await userEvent.keyboard(" ");
    expect(actions.onSubscriptionActive).toHaveBeenLastCalledWith(gym.id, true);
  });

  it("opens a subscription's edit form from its name", async () => {
    const actions = spyActions();
    const netflix = makeSubscription({ name: "Netflix" });
    const dialog = renderOpen([netflix], actions);
    await userEvent.click(dialog.getByRole("button", { name: "Netflix" }));
    expect(actions.onSubscriptionEdit).toHaveBeenCalledWith(netflix.id);
  });

  it("says 'No subscriptions available' without subscriptions, and no totals of nothing", () => {
    const dialog = renderOpen([]);
    expect(dialog.getByText("No subscriptions available")).toBeInTheDocument();
    expect(dialog.queryByText(/per month|per year|active/)).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "All Subscriptions" })).not.toHaveAttribute(
      "aria-describedby",
    );
  });

  it("has no accessibility violations", async () => {
    renderOpen([
      makeSubscription({ cancel_link: "https://example.com/cancel" }),
      makeSubscription({ next_renewal_date: "2026-01-01" }),
      makeSubscription({ active: false }),
    ]);
    expect(await axeViolations()).toEqual([]);
  });
});

describe("AllSubscriptionsModal with 1,000 subscriptions", () => {
  withLayout();

  it("renders only the soonest few, each placed in the whole list", () => {
    // Renewing on a thousand days from 1 January 2027, listed latest first.
    const subscriptions = Array.from({ length: 1_000 }, (_, index) => {
      const date = new Date(Date.UTC(2027, 0, 1 + 999 - index)).toISOString().slice(0, 10);
      return makeSubscription({ name: `Renews ${date}`, next_renewal_date: date });
    });
    const dialog = renderOpen(subscriptions);
    const items = dialog.getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Renews 2027-01-01",
      "Renews 2027-01-02",
      "Renews 2027-01-03",
      "Renews 2027-01-04",
      "Renews 2027-01-05",
    ]);
    expect(items[4]).toHaveAttribute("aria-posinset", "5");
    expect(items[4]).toHaveAttribute("aria-setsize", "1000");
  });
});
