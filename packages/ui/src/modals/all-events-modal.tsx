// issue 18: the events view ("View all events >"): the next 30 days of the person's own tasks and
// renewals, recurring ones on every day they come back (the domain's buildAgenda over
// EVENTS_VIEW_DAYS), grouped by day, days without events left out. Each event opens its task or
// subscription; a task's own occurrence can be marked done. A busy day shows its first events and
// a button for the rest.
import { type AgendaDay, formatDate } from "@life-admin/domain";
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "../base/button";
import { CardList } from "../base/card";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import { eventTimeText } from "../dashboard/event-time";
import type { ItemActions } from "../dashboard/item-actions";
import { ItemRow, eventItem } from "../dashboard/item-rows";
import { ToneMark } from "../base/tone-dot";
import styles from "./all-events-modal.module.css";
// The lists' empty state and banner, as All Tasks and All Subscriptions show them.
import gridStyles from "./item-grid.module.css";

export const ALL_EVENTS_TITLE = "All Events";
export const ALL_EVENTS_DESCRIPTION = "Your tasks and renewals over the next 30 days.";
export const NO_EVENTS_TEXT = "Nothing scheduled in the next 30 days";
/** A day lists this many events until its "Show all" is pressed. */
export const EVENTS_SHOWN_PER_DAY = 8;

export interface AllEventsModalProps {
  open: boolean;
  onClose: () => void;
  /** The next 30 days, today first (the domain's buildAgenda with EVENTS_VIEW_DAYS). */
  days: readonly AgendaDay[];
  locale?: string;
  actions: ItemActions;
  /** A change the server refused. */
  error?: string | null;
}

export function AllEventsModal({
  open,
  onClose,
  days,
  locale,
  actions,
  error,
}: AllEventsModalProps) {
  const busyDays = days.filter((day) => day.events.length > 0);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ALL_EVENTS_TITLE}
      description={ALL_EVENTS_DESCRIPTION}
      size="large"
      focusableBody
      pageNotices
      banner={<ErrorBanner message={error} className={gridStyles.banner} />}
    >
      {busyDays.length === 0 ? (
        <p className={gridStyles.empty}>{NO_EVENTS_TEXT}</p>
      ) : (
        <ol className={styles.days}>
          {busyDays.map((day) => (
            <EventsDay
              key={day.date}
              day={day}
              isToday={day.date === days[0]?.date}
              locale={locale}
              actions={actions}
            />
          ))}
        </ol>
      )}
    </Modal>
  );
}

interface EventsDayProps {
  day: AgendaDay;
  isToday: boolean;
  locale: string | undefined;
  actions: ItemActions;
}

function EventsDay({ day, isToday, locale, actions }: EventsDayProps) {
  const [all, setAll] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const date = formatDate(day.date, locale, { weekday: "long", month: "long", day: "numeric" });
  const shown = all ? day.events : day.events.slice(0, EVENTS_SHOWN_PER_DAY);
  const hidden = day.events.length - shown.length;
  const showAll = () => {
    setAll(true);
  };
  // "Show all" goes once pressed: focus moves on to the first event it brought in.
  useLayoutEffect(() => {
    if (!all) return;
    const row = list.current?.querySelectorAll("li").item(EVENTS_SHOWN_PER_DAY);
    row?.querySelector<HTMLElement>("[aria-haspopup]")?.focus();
  }, [all]);
  return (
    <li className={styles.day}>
      <h3 className={styles.heading}>{isToday ? `Today, ${date}` : date}</h3>
      <div ref={list} className={styles.events}>
        <CardList>
          {shown.map((event) => (
            <ItemRow
              key={event.key}
              item={eventItem(event)}
              lead={<ToneMark tone={event.tone} />}
              actions={actions}
              meta={eventTimeText(event, locale)}
            />
          ))}
        </CardList>
      </div>
      {hidden > 0 && (
        <Button variant="ghost" size="small" className={styles.more} onClick={showAll}>
          {`Show all ${day.events.length} events on ${date}`}
        </Button>
      )}
    </li>
  );
}
