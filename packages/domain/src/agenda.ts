// decisions D5, D9, D10: the 7-Day Agenda, the Upcoming Events card and the events view show the
// user's own data: open tasks from their due date and active subscriptions' renewals from their
// next renewal date, each repeated by its frequency (the recurrence rule of recurrence.ts, never a
// second copy) from its schedule's anchor (`repeats_from`, so that a month end stays one), grouped
// by calendar day.
import type { Frequency, Priority } from "./enums.js";
import { type IsoDate, addDays, instantOf, isAllDay, utcDateAt } from "./iso-dates.js";
import {
  type Repeat,
  type TaskFrequency,
  occurrencesBetween,
  pastRepeatEnd,
  repeatOf,
} from "./recurrence.js";

/** spec 2: the agenda strip covers seven days, today first. */
export const AGENDA_DAYS = 7;
/** issue 18: "View all events" lists the next 30 days. */
export const EVENTS_VIEW_DAYS = 30;
/** How many events the Upcoming Events card lists. */
export const UPCOMING_EVENTS_LIMIT = 5;

/** The colour an event is drawn in: a task's priority, or a renewal. */
export type AgendaTone = "high" | "medium" | "low" | "renewal";

export interface AgendaEvent {
  /** Unique across kinds and occurrences, for React keys: "task-12@2026-03-11", "renewal-3@2026-03-13". */
  key: string;
  kind: "task" | "renewal";
  id: number;
  title: string;
  date: IsoDate;
  /**
   * When a task is due (milliseconds since the epoch); null for what lasts the day: a renewal, or
   * a task without a time of day (`isAllDay`).
   */
  at: number | null;
  tone: AgendaTone;
  /**
   * A later occurrence of a recurring record: not its own due date or next renewal date (the one a
   * person completes), but one the recurrence rule puts after it.
   */
  repeat: boolean;
  /** How often the record comes back (decisions D9: every 2 weeks); null for a task done once. */
  every: Repeat | null;
  /** The last date its series may fall on (decisions D9: repeat until); null: no end. */
  until: IsoDate | null;
}

export interface AgendaDay {
  date: IsoDate;
  events: AgendaEvent[];
}

export interface AgendaInput {
  tasks: readonly {
    id: number;
    title: string;
    due_date: string;
    priority: Priority;
    completed: boolean;
    frequency: TaskFrequency;
    /** decisions D9: every how many of the frequency's units (left out: 1). */
    interval?: number;
    /** decisions D9: the anchor; without it, later occurrences are counted from `due_date`. */
    repeats_from?: string;
    /** decisions D9: the last date its series may fall on; null or left out: no end. */
    repeat_until?: string | null;
  }[];
  subscriptions: readonly {
    id: number;
    name: string;
    next_renewal_date: string;
    frequency: Frequency;
    /** decisions D9: every how many of the frequency's units (left out: 1). */
    interval?: number;
    /** decisions D10: a paused subscription does not renew (left out counts as active). */
    active?: boolean;
    /** decisions D9: the anchor; without it, later renewals are counted from `next_renewal_date`. */
    repeats_from?: string;
  }[];
  /** The user's calendar date today (see `calendarDateIn`). */
  today: IsoDate;
  days?: number;
}

const PRIORITY_TONE: Record<Priority, AgendaTone> = { High: "high", Medium: "medium", Low: "low" };

/** The colour a task of this priority is drawn in (badges, agenda dots). */
export function priorityTone(priority: Priority): AgendaTone {
  return PRIORITY_TONE[priority];
}

/**
 * The next `days` calendar days from `today`, each with its events: every occurrence that day of
 * an open (not completed) task and of an active subscription's renewal, a recurring record on each
 * day its frequency brings it back (decisions D9: from its own date, never earlier). Within a day,
 * what lasts the day comes first (renewals, then tasks without a time), then tasks by time.
 */
export function buildAgenda({
  tasks,
  subscriptions,
  today,
  days = AGENDA_DAYS,
}: AgendaInput): AgendaDay[] {
  const agenda: AgendaDay[] = Array.from({ length: days }, (_, i) => ({
    date: addDays(today, i),
    events: [],
  }));
  const byDate = new Map(agenda.map((day) => [day.date, day.events]));
  const from = instantOf(today);
  const to = instantOf(addDays(today, days)) - 1;
  const place = (
    event: Omit<AgendaEvent, "key" | "date" | "at" | "repeat" | "every" | "until">,
    current: number,
    repeatsFrom: string | undefined,
    {
      frequency,
      interval,
      until,
    }: { frequency: TaskFrequency; interval?: number | undefined; until?: string | null },
    timed: boolean,
  ) => {
    // A date it cannot read has no occurrences; "Once" has the one.
    if (Number.isNaN(current)) return;
    const occurrences = [current].filter((at) => at >= from && at <= to);
    const every = frequency === "Once" ? null : repeatOf({ frequency, interval });
    if (every !== null) {
      // decisions D9: the later ones counted from the anchor, never from the current one (from
      // 31 January, 28 February is followed by 31 March, not 28 March).
      const anchor = repeatsFrom === undefined ? Number.NaN : instantOf(repeatsFrom);
      const later = Math.max(from, current + 1);
      const start = Number.isNaN(anchor) ? current : anchor;
      occurrences.push(...occurrencesBetween(start, every, later, to, days));
    }
    for (const at of occurrences) {
      if (pastRepeatEnd(at, until)) break;
      const date = utcDateAt(at);
      byDate.get(date)?.push({
        ...event,
        key: `${event.kind}-${event.id}@${date}`,
        date,
        at: timed ? at : null,
        repeat: at !== current,
        every,
        until: every === null ? null : (until ?? null),
      });
    }
  };

  // Renewals are placed before tasks: the sort is stable, so what lasts the day keeps this order
  // (renewals, then tasks without a time), ahead of the timed tasks.
  for (const subscription of subscriptions) {
    if (subscription.active === false) continue;
    const { id, name: title } = subscription;
    const event = { kind: "renewal", id, title, tone: "renewal" } as const;
    // A renewal lasts its (UTC) day: a date, never an instant.
    const { next_renewal_date, repeats_from } = subscription;
    place(event, instantOf(next_renewal_date), repeats_from, subscription, false);
  }
  for (const task of tasks) {
    if (task.completed) continue;
    const { id, title, priority } = task;
    const event = { kind: "task", id, title, tone: priorityTone(priority) } as const;
    const due = instantOf(task.due_date);
    // Each occurrence keeps the anchor's time of day (D9), so the anchor says if all are all-day.
    const schedule = { ...task, until: task.repeat_until ?? null };
    place(event, due, task.repeats_from, schedule, !isAllDay(due));
  }
  for (const day of agenda) {
    day.events.sort(allDayFirstThenByTime);
  }
  return agenda;
}

function allDayFirstThenByTime(a: AgendaEvent, b: AgendaEvent): number {
  if (a.at === null || b.at === null) return (a.at === null ? 0 : 1) - (b.at === null ? 0 : 1);
  return a.at - b.at;
}

/**
 * The Upcoming Events card: the agenda's events in order, at most `limit`, each record once, at
 * its first occurrence: a daily task would otherwise take every place in the card, which is there
 * to say what is coming (the agenda strip shows each day's repeats).
 */
export function upcomingEvents(
  agenda: readonly AgendaDay[],
  limit = UPCOMING_EVENTS_LIMIT,
): AgendaEvent[] {
  const listed = new Set<string>();
  const events: AgendaEvent[] = [];
  for (const event of agenda.flatMap((day) => day.events)) {
    if (events.length === limit) break;
    const record = `${event.kind}-${String(event.id)}`;
    if (listed.has(record)) continue;
    listed.add(record);
    events.push(event);
  }
  return events;
}
