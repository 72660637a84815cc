import {
  RENEWALS_SOON_LIMIT,
  type Subscription,
  daysUntil,
  renewalCardLabel,
} from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CURRENCY, TODAY, makeSubscription } from "../test/fixtures";
import { RenewalsSoonCard } from "./renewals-soon-card";
import { spyActions } from "../test/actions";

const noop = () => undefined;

function card() {
  return screen.getByRole("region", { name: "Renewals Soon" });
}

function renderCard(
  subscriptions: Subscription[],
  today = TODAY,
  actions = spyActions(),
  currency = CURRENCY,
) {
  render(
    <RenewalsSoonCard
      actions={actions}
      today={today}
      currency={currency}
      onManage={noop}
      subscriptions={subscriptions}
    />,
  );
  return actions;
}

describe("RenewalsSoonCard", () => {
  it("writes each cost in the person's currency with its own decimals (issue 22)", () => {
    renderCard(
      [makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-22", cost: 1234.5 })],
      TODAY,
      spyActions(),
      "JPY",
    );
    expect(within(card()).getByRole("listitem")).toHaveTextContent("NetflixRenews in 1 day¥1,235");
  });

  it("lists renewals of the next 30 days, soonest first, with label and cost", () => {
    const subscriptions = [
      makeSubscription({ name: "Gym", next_renewal_date: "2026-12-05", cost: 30 }),
      makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-22", cost: 15.49 }),
      makeSubscription({ name: "Past", next_renewal_date: "2026-11-01" }),
      makeSubscription({ name: "Far", next_renewal_date: "2027-01-15" }),
    ];
    renderCard(subscriptions);
    const items = within(card()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "NetflixRenews in 1 day$15.49",
      "GymRenews in 14 days$30.00",
    ]);
  });

  it("labels each renewal with the domain's card label", () => {
    const dates = ["2026-11-22", "2026-11-25", "2026-12-20"];
    renderCard(dates.map((date) => makeSubscription({ next_renewal_date: date })));
    for (const date of dates) {
      expect(
        within(card()).getByText(renewalCardLabel(daysUntil(date, TODAY))),
      ).toBeInTheDocument();
    }
    expect(within(card()).getByText("Renews in 4 days")).toBeInTheDocument();
  });

  it("says 'Renews today' for a renewal dated the person's today", () => {
    renderCard([makeSubscription({ next_renewal_date: "2026-11-21" })], "2026-11-21");
    expect(within(card()).getByText("Renews today")).toBeInTheDocument();
  });

  it("shows at most five", () => {
    const subscriptions = Array.from({ length: RENEWALS_SOON_LIMIT + 2 }, () =>
      makeSubscription({ next_renewal_date: "2026-11-23" }),
    );
    renderCard(subscriptions);
    expect(within(card()).getAllByRole("listitem")).toHaveLength(5);
  });

  it("says so when nothing renews in the next 30 days", () => {
    renderCard([makeSubscription({ next_renewal_date: "2027-03-01" })]);
    expect(
      within(card()).getByText("No upcoming renewals in the next 30 days"),
    ).toBeInTheDocument();
  });

  it("leaves a paused subscription out (decisions D10)", () => {
    renderCard([makeSubscription({ next_renewal_date: "2026-11-22", active: false })]);
    expect(within(card()).getByText("No upcoming renewals in the next 30 days")).toBeVisible();
  });

  it("opens a subscription's edit form from its name (issue 18)", async () => {
    const netflix = makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-22" });
    const actions = renderCard([netflix]);
    await userEvent.click(within(card()).getByRole("button", { name: "Netflix" }));
    expect(actions.onSubscriptionEdit).toHaveBeenCalledWith(netflix.id);
  });

  it("calls back from Manage Subscriptions >", async () => {
    const onManage = vi.fn();
    render(
      <RenewalsSoonCard
        actions={spyActions()}
        today={TODAY}
        currency={CURRENCY}
        onManage={onManage}
        subscriptions={[]}
      />,
    );
    const button = within(card()).getByRole("button", { name: "Manage Subscriptions" });
    expect(button).toHaveTextContent("Manage Subscriptions >");
    await userEvent.click(button);
    expect(onManage).toHaveBeenCalledOnce();
  });
});
