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
import { Badge, PriorityBadge } from "../base/badge";
import { Modal } from "../base/modal";
import { VisuallyHidden } from "../base/visually-hidden";
import { NO_SUBSCRIPTIONS_TEXT } from "../dashboard/subscriptions-summary";
import styles from "./item-grid.module.css";

export const ALL_SUBSCRIPTIONS_TITLE = "All Subscriptions";

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
  const sorted = sortSubscriptionsByRenewal(subscriptions);
  return (
    <Modal open={open} onClose={onClose} title={ALL_SUBSCRIPTIONS_TITLE} size="large" focusableBody>
      {sorted.length === 0 ? (
        <p className={styles.empty}>{NO_SUBSCRIPTIONS_TEXT}</p>
      ) : (
        <ul className={styles.grid}>
          {sorted.map((subscription) => (
            <SubscriptionItem
              key={subscription.id}
              subscription={subscription}
              now={now}
              locale={locale}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}

interface SubscriptionItemProps {
  subscription: Subscription;
  now: Date;
  locale: string | undefined;
}

function SubscriptionItem({ subscription, now, locale }: SubscriptionItemProps) {
  const days = daysUntil(subscription.next_renewal_date, now);
  const link = safeLink(subscription.cancel_link);
  return (
    <li className={styles.item}>
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
    </li>
  );
}
