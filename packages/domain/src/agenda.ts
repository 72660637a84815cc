// decisions D5: the 7-Day Agenda and the Upcoming Events card show the user's own data: open
// tasks by due date and subscription renewals by next renewal date, grouped by calendar day.
import type { Priority } from "./enums.js";
import { type IsoDate, addDays, instantOf, utcDateAt, utcDateOf } from "./iso-dates.js";

/** spec 2: the agenda strip covers seven days, today first. */
export const AGENDA_DAYS = 7;
/** How many events the Upcoming Events card lists. */
export const UPCOMING_EVENTS_LIMIT = 5;

/** The colour an event is drawn in: a task's priority, or a renewal. */
export type AgendaTone = "high" | "medium" | "low" | "renewal";

export interface AgendaEvent {
  /** Unique across kinds, for React keys: "task-12", "renewal-3". */
  key: string;
  kind: "task" | "renewal";
  id: number;
  title: string;
  date: IsoDate;
  /** When a task is due (milliseconds since the epoch); null for a renewal, which lasts the day. */
  at: number | null;
  tone: AgendaTone;
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
  }[];
  subscriptions: readonly { id: number; name: string; next_renewal_date: string }[];
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
 * The next `days` calendar days from `today`, each with its events: open (not completed) tasks due
 * that day and renewals that day. Within a day, renewals come first, then tasks by time.
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

  for (const task of tasks) {
    if (task.completed) continue;
    const at = instantOf(task.due_date);
    if (Number.isNaN(at)) continue;
    const date = utcDateAt(at);
    const events = byDate.get(date);
    if (!events) continue;
    events.push({
      key: `task-${task.id}`,
      kind: "task",
      id: task.id,
      title: task.title,
      date,
      at,
      tone: priorityTone(task.priority),
    });
  }
  for (const subscription of subscriptions) {
    const date = utcDateOf(subscription.next_renewal_date);
    const events = date && byDate.get(date);
    if (!date || !events) continue;
    events.push({
      key: `renewal-${subscription.id}`,
      kind: "renewal",
      id: subscription.id,
      title: subscription.name,
      date,
      at: null,
      tone: "renewal",
    });
  }
  for (const day of agenda) {
    day.events.sort(renewalsFirstThenByTime);
  }
  return agenda;
}

function renewalsFirstThenByTime(a: AgendaEvent, b: AgendaEvent): number {
  if (a.at === null || b.at === null) return (a.at === null ? 0 : 1) - (b.at === null ? 0 : 1);
  return a.at - b.at;
}

/** The Upcoming Events card: the agenda's events in order, at most `limit`. */
export function upcomingEvents(
  agenda: readonly AgendaDay[],
  limit = UPCOMING_EVENTS_LIMIT,
): AgendaEvent[] {
  return agenda.flatMap((day) => day.events).slice(0, limit);
}
