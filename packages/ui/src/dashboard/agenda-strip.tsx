// spec 2 with decisions D5: the 7-Day Agenda, a horizontally scrolling strip of the next seven
// days from the user's own tasks and renewals (the agenda the dashboard built), with arrow buttons.
import { type AgendaDay, formatDate } from "@life-admin/domain";
import { CalendarRange, ChevronLeft, ChevronRight } from "lucide-react";
import { useRef } from "react";
import { Card } from "../base/card";
import { cx } from "../base/cx";
import { IconButton } from "../base/icon-button";
import { ToneMark } from "../base/tone-dot";
import { VisuallyHidden } from "../base/visually-hidden";
import { eventTimeText } from "./event-time";
import styles from "./agenda-strip.module.css";

/** spec 9: the arrows scroll the strip by 240 pixels. */
export const AGENDA_SCROLL_STEP = 240;

export interface AgendaStripProps {
  /** The agenda's days, today first (the domain's buildAgenda). */
  days: readonly AgendaDay[];
  locale?: string;
  /** An id for the scrolling region, so the page can bring it into view ("View all events"). */
  regionId?: string;
}

/** spec 2 asks for a smooth scroll; a reader who asked for reduced motion gets a jump. */
function scrollBehavior(): ScrollBehavior {
  // Not every environment has matchMedia (jsdom, old embedded browsers).
  if (typeof window.matchMedia !== "function") return "smooth";
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

export function AgendaStrip({ days, locale, regionId }: AgendaStripProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (direction: -1 | 1) => {
    scroller.current?.scrollBy({
      left: direction * AGENDA_SCROLL_STEP,
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
        id={regionId}
        className={styles.scroller}
        role="region"
        aria-label="Next 7 days"
        // A scrollable region must be reachable by keyboard (WCAG 2.1.1, axe
        // scrollable-region-focusable): focused, the arrow keys scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
      >
        <ol className={styles.days}>
          {days.map((day, index) => (
            <AgendaDayColumn key={day.date} day={day} isToday={index === 0} locale={locale} />
          ))}
        </ol>
      </div>
    </Card>
  );
}

interface AgendaDayColumnProps {
  day: AgendaDay;
  isToday: boolean;
  locale: string | undefined;
}

function AgendaDayColumn({ day, isToday, locale }: AgendaDayColumnProps) {
  const count = day.events.length;
  const fullDate = formatDate(day.date, locale, { weekday: "long", month: "long", day: "numeric" });
  return (
    <li className={cx(styles.day, count > 0 && styles.hasEvents, isToday && styles.today)}>
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
            {day.events.map((event) => (
              <li key={event.key} className={styles.event}>
                <ToneMark tone={event.tone} shape="bar" />
                <span className={styles.eventText}>
                  <span className={styles.eventTitle}>{event.title}</span>
                  <span className={styles.eventTime}>{eventTimeText(event, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
