// spec 9: the Renewals Soon card: the domain's 30-day window (soonest first, at most five), the
// card's label set and the cost in the person's currency (issue 22).
import {
  daysUntil,
  formatMoney,
  type IsoDate,
  renewalCardLabel,
  renewalsSoon,
  type Subscription,
} from "@life-admin/domain";
import { RefreshCw } from "lucide-react";
import { Card, CardAction, CardList, EmptyText } from "../base/card";
import type { ItemActions } from "./item-actions";
import { ItemRow } from "./item-rows";

export interface RenewalsSoonCardProps {
  subscriptions: readonly Subscription[];
  /** The person's today, in their time zone (decisions D6): the days are counted from it. */
  today: IsoDate;
  /** The person's ISO 4217 currency, for the costs (issue 22). */
  currency: string;
  locale?: string;
  onManage: () => void;
  actions: ItemActions;
}

export function RenewalsSoonCard({
  subscriptions,
  today,
  currency,
  locale,
  onManage,
  actions,
}: RenewalsSoonCardProps) {
  const soon = renewalsSoon(subscriptions, today);
  return (
    <Card
      title="Renewals Soon"
      icon={<RefreshCw size={18} />}
      iconTone="renewal"
      action={<CardAction label="Manage Subscriptions" onClick={onManage} />}
    >
      {soon.length === 0 ? (
        <EmptyText>No upcoming renewals in the next 30 days</EmptyText>
      ) : (
        <CardList>
          {soon.map((subscription) => (
            <ItemRow
              key={subscription.id}
              item={{ kind: "subscription", id: subscription.id, title: subscription.name }}
              actions={actions}
              meta={renewalCardLabel(daysUntil(subscription.next_renewal_date, today))}
              aside={formatMoney(subscription.cost, currency, locale)}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
