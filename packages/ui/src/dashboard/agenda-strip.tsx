// spec 2 with decisions D5: the 7-Day Agenda, a horizontally scrolling strip of the next seven
// days from the user's own tasks and renewals (the agenda the dashboard built), with arrow buttons.
// issue 18: each event opens its task or subscription, a task's own occurrence can be marked done,
// and a day shows its first few events, the rest a press away in the events view.
import { type AgendaDay, type AgendaEvent, formatDate } from "@life-admin/domain";
import { CalendarRange, ChevronLeft, ChevronRight } from "lucide-react";
import { useRef } from "react";
import { Button } from "../base/button";
import { Card } from "../base/card";
import { IconButton } from "../base/icon-button";
import { ToneMark } from "../base/tone-dot";
import { VisuallyHidden } from "../base/visually-hidden";
import { eventTimeText } from "./event-time";
import type { ItemActions } from "./item-actions";
import { eventItem, useItemControls } from "./item-rows";
import styles from "./agenda-strip.module.css";

/** spec 9: the arrows scroll the strip by 240 pixels, one day, at the browser's default text size. */
export const AGENDA_SCROLL_STEP = 240;
/** A day shows this many events; a Daily task on every day would make the strip very tall. */
export const AGENDA_EVENTS_SHOWN = 4;

export interface AgendaStripProps {
  /** The agenda's days, today first (the domain's buildAgenda). */
  days: readonly AgendaDay[];
  locale?: string;
  actions: ItemActions;
  /** "{n} more" under a full day: the events view. */
  onShowAll: () => void;
}

/**
 * One step of the arrows: from one day's left edge to the next one's, as laid out. The days are
 * sized in rem, so at a larger text a day is wider than spec 9's 240 pixels, and a fixed step would
 * land part-way through one. Before layout (or in jsdom) the spec's step.
 */
function dayStep(days: HTMLOListElement | null): number {
  const [first, second] = days?.children ?? [];
  const step =
    first && second ? second.getBoundingClientRect().left - first.getBoundingClientRect().left : 0;
  return step > 0 ? step : AGENDA_SCROLL_STEP;
}

/** spec 2 asks for a smooth scroll; a reader who asked for reduced motion gets a jump. */
function scrollBehavior(): ScrollBehavior {
  // Not every environment has matchMedia (jsdom, old embedded browsers).
  if (typeof window.matchMedia !== "function") return "smooth";
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

export function AgendaStrip({ days, locale, actions, onShowAll }: AgendaStripProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const scroll = (direction: -1 | 1) => {
    scroller.current?.scrollBy({
      left: direction * dayStep(list.current),
      behavior: scrollBehavior(),
    });
  };

  return (
    <Card
      title="7-Day Agenda"
      icon={<CalendarRange size={18} />}
      iconTone="info"
      headerAside={
        <>
          <IconButton
            label="Scroll agenda left"
            icon={<ChevronLeft size={18} />}
            onClick={() => {
              scroll(-1);
            }}
          />
          <IconButton
            label="Scroll agenda right"
            icon={<ChevronRight size={18} />}
            onClick={() => {
              scroll(1);
            }}
          />
        </>
      }
    >
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label="Next 7 days"
        // A scrollable region must be reachable by keyboard (WCAG 2.1.1, axe
        // scrollable-region-focusable): focused, the arrow keys scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        data-focus-home=""
      >
        <ol ref={list} className={styles.days}>
          {days.map((day, index) => (
            <AgendaDayColumn
              key={day.date}
              day={day}
              isToday={index === 0}
              locale={locale}
              actions={actions}
              onShowAll={onShowAll}
            />
          ))}
        </ol>
      </div>
    </Card>
  );
}

interface AgendaDayColumnProps extends Pick<AgendaStripProps, "actions" | "onShowAll"> {
  day: AgendaDay;
  isToday: boolean;
  locale: string | undefined;
}

function AgendaDayColumn({ day, isToday, locale, actions, onShowAll }: AgendaDayColumnProps) {
  const count = day.events.length;
  const hidden = count - AGENDA_EVENTS_SHOWN;
  const fullDate = formatDate(day.date, locale, { weekday: "long", month: "long", day: "numeric" });
  return (
    // Today is the current date (aria-current); a day with events is drawn raised (data-events).
    <li
      className={styles.day}
      aria-current={isToday ? "date" : undefined}
      data-events={count > 0 || undefined}
    >
      <h3 className={styles.heading}>
        <span className={styles.headingVisual} aria-hidden="true">
          <span className={styles.weekday}>
            {formatDate(day.date, locale, { weekday: "short" })}
          </span>
          <span className={styles.dayNumber}>
            {formatDate(day.date, locale, { day: "numeric" })}
          </span>
          {count > 0 && <span className={styles.marker} />}
          {isToday && <span className={styles.todayPill}>Today</span>}
        </span>
        <VisuallyHidden>{isToday ? `Today, ${fullDate}` : fullDate}</VisuallyHidden>
      </h3>
      {count === 0 ? (
        <p className={styles.none}>No events</p>
      ) : (
        <>
          <VisuallyHidden>{count === 1 ? "1 event" : `${count} events`}</VisuallyHidden>
          <ul className={styles.events}>
            {day.events.slice(0, AGENDA_EVENTS_SHOWN).map((event) => (
              <AgendaEventItem key={event.key} event={event} locale={locale} actions={actions} />
            ))}
          </ul>
          {hidden > 0 && (
            // In the day's column, under its heading: the day is said there.
            <Button variant="ghost" size="small" className={styles.more} onClick={onShowAll}>
              {`${hidden} more`}
            </Button>
          )}
        </>
      )}
    </li>
  );
}

function AgendaEventItem({
  event,
  locale,
  actions,
}: {
  event: AgendaEvent;
  locale: string | undefined;
  actions: ItemActions;
}) {
  const { complete, title } = useItemControls(eventItem(event), actions);
  return (
    <li className={styles.event}>
      <ToneMark tone={event.tone} shape="bar" />
      <span className={styles.eventText}>
        <span className={styles.eventTitle}>{title}</span>
        <span className={styles.eventTime}>{eventTimeText(event, locale)}</span>
      </span>
      {complete}
    </li>
  );
}
