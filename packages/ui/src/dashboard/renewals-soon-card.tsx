// spec 9: the Renewals Soon card: the domain's 30-day window (soonest first, at most five), the
// card's label set and the cost in dollars (decisions D7).
import {
  daysUntil,
  formatDollars,
  renewalCardLabel,
  renewalsSoon,
  type Subscription,
} from "@life-admin/domain";
import { RefreshCw } from "lucide-react";
import { Card, CardAction, CardList, CardRow, EmptyText } from "../base/card";

export interface RenewalsSoonCardProps {
  subscriptions: readonly Subscription[];
  now: Date;
  onManage: () => void;
}

export function RenewalsSoonCard({ subscriptions, now, onManage }: RenewalsSoonCardProps) {
  const soon = renewalsSoon(subscriptions, now);
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
            <CardRow
              key={subscription.id}
              title={subscription.name}
              meta={renewalCardLabel(daysUntil(subscription.next_renewal_date, now))}
              aside={formatDollars(subscription.cost)}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
