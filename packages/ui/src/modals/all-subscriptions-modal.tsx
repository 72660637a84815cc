// spec 2: the All Subscriptions modal, cards by next renewal (soonest first), each with the list's
// relative label, the reminder and, only when safe (decisions D3/D4), the cancel link.
import {
  daysUntil,
  formatDate,
  formatDollars,
  reminderText,
  renewalListLabel,
  safeLink,
  sortSubscriptionsByRenewal,
  type Subscription,
} from "@life-admin/domain";
import { useMemo } from "react";
import { Badge, PriorityBadge } from "../base/badge";
import { Modal } from "../base/modal";
import { VisuallyHidden } from "../base/visually-hidden";
import { NO_SUBSCRIPTIONS_TEXT } from "../dashboard/subscriptions-summary";
import { ItemGrid } from "./item-grid";
import styles from "./item-grid.module.css";

export const ALL_SUBSCRIPTIONS_TITLE = "All Subscriptions";

/** A card is about 190 CSS pixels tall; rows are measured. */
const SUBSCRIPTION_CARD_HEIGHT = 190;

export interface AllSubscriptionsModalProps {
  open: boolean;
  onClose: () => void;
  subscriptions: readonly Subscription[];
  now: Date;
  locale?: string;
}

export function AllSubscriptionsModal({
  open,
  onClose,
  subscriptions,
  now,
  locale,
}: AllSubscriptionsModalProps) {
  const sorted = useMemo(() => sortSubscriptionsByRenewal(subscriptions), [subscriptions]);
  return (
    <Modal open={open} onClose={onClose} title={ALL_SUBSCRIPTIONS_TITLE} size="large" focusableBody>
      <ItemGrid
        items={sorted}
        itemKey={(subscription) => subscription.id}
        renderItem={(subscription) => (
          <SubscriptionCard subscription={subscription} now={now} locale={locale} />
        )}
        emptyText={NO_SUBSCRIPTIONS_TEXT}
        estimatedItemHeight={SUBSCRIPTION_CARD_HEIGHT}
      />
    </Modal>
  );
}

interface SubscriptionCardProps {
  subscription: Subscription;
  now: Date;
  locale: string | undefined;
}

function SubscriptionCard({ subscription, now, locale }: SubscriptionCardProps) {
  const days = daysUntil(subscription.next_renewal_date, now);
  const link = safeLink(subscription.cancel_link);
  return (
    <>
      <div className={styles.header}>
        <h3 className={styles.title}>{subscription.name}</h3>
        <Badge tone="info">{subscription.frequency}</Badge>
      </div>
      <p className={styles.cost}>{formatDollars(subscription.cost)}</p>
      <div className={styles.facts}>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Next Renewal:</span>{" "}
          {formatDate(subscription.next_renewal_date, locale)}{" "}
          <Badge tone={days < 0 ? "high" : "renewal"}>{renewalListLabel(days)}</Badge>
        </p>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Reminder:</span>{" "}
          {reminderText(subscription.remind_days_before)}
        </p>
      </div>
      <div className={styles.footer}>
        <PriorityBadge priority={subscription.priority} />
        {link && (
          <a className={styles.link} href={link} target="_blank" rel="noopener noreferrer">
            Manage Subscription <span aria-hidden="true">→</span>
            <VisuallyHidden>{` for ${subscription.name} (opens in a new tab)`}</VisuallyHidden>
          </a>
        )}
      </div>
    </>
  );
}
