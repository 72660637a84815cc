// spec 2: the summary of subscriptions: the first few in the All Subscriptions order (the domain's
// sortSubscriptionsByRenewal), each with its cost in dollars (decisions D7), and a view-all button.
import {
  formatDate,
  formatDollars,
  sortSubscriptionsByRenewal,
  type Subscription,
} from "@life-admin/domain";
import { CreditCard } from "lucide-react";
import { Card, CardAction, CardList, CardRow, EmptyText } from "../base/card";
import { SUMMARY_ROWS } from "./tasks-summary";

export const NO_SUBSCRIPTIONS_TEXT = "No subscriptions available";

export interface SubscriptionsSummaryProps {
  subscriptions: readonly Subscription[];
  locale?: string;
  /** Opens the All Subscriptions modal. */
  onViewAll: () => void;
}

export function SubscriptionsSummary({
  subscriptions,
  locale,
  onViewAll,
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
            <CardRow
              key={subscription.id}
              title={subscription.name}
              meta={`${subscription.frequency} · Next renewal: ${formatDate(subscription.next_renewal_date, locale)}`}
              aside={formatDollars(subscription.cost)}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
