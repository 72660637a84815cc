// spec 2: the All Subscriptions modal, cards by next renewal (soonest first), each with the list's
// relative label, the reminder and, only when safe (decisions D3/D4), the cancel link. issue 18:
// the totals of the active ones per month and per year (decisions D10, the domain's
// subscriptionTotals), each card's name opens its edit form, and its Active switch pauses and
// resumes it; a paused one reads "Paused" instead of its renewal. A search finds subscriptions by
// the words of their name (list-search.tsx); the totals stay those of every active one. The
// frequency badge says how often it renews ("Monthly", "Every 3 months": domain repeatLabel).
import {
  daysUntil,
  formatDate,
  formatMoney,
  type IsoDate,
  renewalListLabel,
  repeatLabel,
  sortSubscriptionsByRenewal,
  type Subscription,
} from "@life-admin/domain";
// From the forms' entry, which loads with the modals: from the index, these would be in the
// dashboard's first download (issue 7's budget), the index being one module.
import { reminderText, safeLink, subscriptionTotals, unitsOf } from "@life-admin/domain/forms";
import { useMemo } from "react";
import { Badge, PriorityBadge } from "../base/badge";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { ActiveSwitch } from "../base/active-switch";
import { PAUSED_LABEL } from "../base/item-controls";
import { Modal } from "../base/modal";
import { VisuallyHidden } from "../base/visually-hidden";
import type { ItemActions } from "../dashboard/item-actions";
import { useItemControls } from "../dashboard/item-rows";
import { NO_SUBSCRIPTIONS_TEXT } from "../dashboard/subscriptions-summary";
import { ItemGrid } from "./item-grid";
import styles from "./item-grid.module.css";
import { noMatchText, searchCount, useListQuery, useSearchedRecords } from "./list-query";
import { ListSearch, ScrollToTopOn } from "./list-search";

export const ALL_SUBSCRIPTIONS_TITLE = "All Subscriptions";
export const SEARCH_SUBSCRIPTIONS_LABEL = "Search subscriptions";

const searchedPartsOf = (subscription: Subscription) => [subscription.name];

/** A card is about 210 CSS pixels tall; rows are measured. */
const SUBSCRIPTION_CARD_HEIGHT = 210;

export interface AllSubscriptionsModalProps {
  open: boolean;
  onClose: () => void;
  subscriptions: readonly Subscription[];
  /** The person's today, in their time zone (decisions D6): the labels count days from it. */
  today: IsoDate;
  /** The person's ISO 4217 currency, for the costs and the totals (issue 22). */
  currency: string;
  locale?: string;
  actions: ItemActions;
  /** A change the server refused (issue 18). */
  error?: string | null;
}

export function AllSubscriptionsModal({
  open,
  onClose,
  subscriptions,
  today,
  currency,
  locale,
  actions,
  error,
}: AllSubscriptionsModalProps) {
  const sorted = useMemo(() => sortSubscriptionsByRenewal(subscriptions), [subscriptions]);
  const search = useListQuery(open);
  const shown = useSearchedRecords(sorted, searchedPartsOf, search.shownQuery);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ALL_SUBSCRIPTIONS_TITLE}
      size="large"
      focusableBody
      pageNotices
      description={
        // Nothing to add up yet: "$0.00 per month, 0 active" above "No subscriptions available"
        // would only say the empty list twice.
        subscriptions.length > 0 && (
          <Totals subscriptions={subscriptions} currency={currency} locale={locale} />
        )
      }
      tools={
        subscriptions.length > 0 && (
          <ListSearch
            label={SEARCH_SUBSCRIPTIONS_LABEL}
            search={search}
            count={searchCount(
              shown.length,
              subscriptions.length,
              "subscription",
              search.shownQuery,
              locale,
            )}
          />
        )
      }
      banner={<ErrorBanner message={error} className={styles.banner} />}
    >
      <ScrollToTopOn value={search.shownQuery} />
      <ItemGrid
        items={shown}
        itemKey={(subscription) => subscription.id}
        renderItem={(subscription) => (
          <SubscriptionCard
            subscription={subscription}
            today={today}
            currency={currency}
            locale={locale}
            actions={actions}
          />
        )}
        emptyText={
          shown.length < subscriptions.length
            ? noMatchText("subscriptions", search.shownQuery)
            : NO_SUBSCRIPTIONS_TEXT
        }
        estimatedItemHeight={SUBSCRIPTION_CARD_HEIGHT}
      />
    </Modal>
  );
}

/** decisions D10: what the active subscriptions cost, in the person's currency (issue 22). */
function Totals({
  subscriptions,
  currency,
  locale,
}: {
  subscriptions: readonly Subscription[];
  currency: string;
  locale: string | undefined;
}) {
  const totals = subscriptionTotals(subscriptions);
  const amount = (cents: number) => formatMoney(unitsOf(cents), currency, locale);
  return (
    <span className={styles.totals}>
      <span className={styles.total}>
        <span className={styles.totalAmount}>{amount(totals.monthlyCents)}</span> per month
      </span>{" "}
      <span className={styles.total}>
        <span className={styles.totalAmount}>{amount(totals.yearlyCents)}</span> per year
      </span>{" "}
      <span className={styles.total}>
        {totals.activeCount === 1 ? "1 active" : `${totals.activeCount} active`}
      </span>
    </span>
  );
}

interface SubscriptionCardProps {
  subscription: Subscription;
  today: IsoDate;
  currency: string;
  locale: string | undefined;
  actions: ItemActions;
}

function SubscriptionCard({
  subscription,
  today,
  currency,
  locale,
  actions,
}: SubscriptionCardProps) {
  const { titleId, title } = useItemControls(
    { kind: "subscription", id: subscription.id, title: subscription.name },
    actions,
  );
  const days = daysUntil(subscription.next_renewal_date, today);
  const link = safeLink(subscription.cancel_link);
  const { active } = subscription;
  return (
    <>
      <div className={styles.header}>
        <h3 className={styles.title}>{title}</h3>
        <Badge tone="info">{repeatLabel(subscription)}</Badge>
      </div>
      <p className={cx(styles.cost, !active && styles.paused)}>
        {formatMoney(subscription.cost, currency, locale)}
      </p>
      <div className={styles.facts}>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Next Renewal:</span>{" "}
          {active ? (
            <>
              {formatDate(subscription.next_renewal_date, locale)}{" "}
              {/* Heard, not seen in its pill, "4 days" after a date could be ago or to go. */}
              {days > 1 && (
                <>
                  <VisuallyHidden>in</VisuallyHidden>{" "}
                </>
              )}
              <Badge tone={days < 0 ? "high" : "renewal"}>{renewalListLabel(days)}</Badge>
            </>
          ) : (
            <Badge tone="neutral">{PAUSED_LABEL}</Badge>
          )}
        </p>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Reminder:</span>{" "}
          {reminderText(subscription.remind_days_before)}
        </p>
      </div>
      <div className={styles.footer}>
        <ActiveSwitch
          active={active}
          titleId={titleId}
          onChange={(next) => {
            actions.onSubscriptionActive(subscription.id, next);
          }}
        />
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
