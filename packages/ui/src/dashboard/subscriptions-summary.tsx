// spec 2: the summary of subscriptions: the first few in the All Subscriptions order (the domain's
// sortSubscriptionsByRenewal), each with its cost in the person's currency (issue 22), and a view-all button;
// a paused one says so instead of its next renewal (decisions D10), and how often it renews
// ("Every 3 months": domain repeatLabel).
import {
  formatDate,
  formatMoney,
  repeatLabel,
  sortSubscriptionsByRenewal,
  type Subscription,
} from "@life-admin/domain";
import { CreditCard } from "lucide-react";
import { Card, CardAction, CardList, EmptyText } from "../base/card";
import { PAUSED_LABEL } from "../base/item-controls";
import type { ItemActions } from "./item-actions";
import { ItemRow } from "./item-rows";
import { SUMMARY_ROWS } from "./tasks-summary";

export const NO_SUBSCRIPTIONS_TEXT = "No subscriptions available";

export interface SubscriptionsSummaryProps {
  subscriptions: readonly Subscription[];
  /** The person's ISO 4217 currency, for the costs (issue 22). */
  currency: string;
  locale?: string;
  /** Opens the All Subscriptions modal. */
  onViewAll: () => void;
  actions: ItemActions;
}

export function SubscriptionsSummary({
  subscriptions,
  currency,
  locale,
  onViewAll,
  actions,
}: SubscriptionsSummaryProps) {
  const shown = sortSubscriptionsByRenewal(subscriptions).slice(0, SUMMARY_ROWS);
  return (
    <Card
      title="Subscriptions"
      icon={<CreditCard size={18} />}
      iconTone="renewal"
      action={<CardAction label="View all subscriptions" onClick={onViewAll} />}
    >
      {shown.length === 0 ? (
        <EmptyText>{NO_SUBSCRIPTIONS_TEXT}</EmptyText>
      ) : (
        <CardList>
          {shown.map((subscription) => (
            <ItemRow
              key={subscription.id}
              item={{ kind: "subscription", id: subscription.id, title: subscription.name }}
              actions={actions}
              meta={`${repeatLabel(subscription)} · ${subscription.active ? `Next renewal: ${formatDate(subscription.next_renewal_date, locale)}` : PAUSED_LABEL}`}
              aside={formatMoney(subscription.cost, currency, locale)}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
