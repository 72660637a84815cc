import { type AgendaEvent, formatTime } from "@life-admin/domain";

export const ALL_DAY_LABEL = "All day";
/** issue 18: said of a later occurrence of a recurring task or renewal. */
export const REPEAT_LABEL = "Repeats";

/**
 * An agenda event's time as the locale writes it ("9:30 AM"), or "All day" for an event without
 * one (a renewal). The time is UTC like every shown date (decisions D6).
 */
export function eventTimeText(event: Pick<AgendaEvent, "at">, locale?: string): string {
  return event.at === null ? ALL_DAY_LABEL : formatTime(event.at, locale);
}

/** The time, and "Repeats" for a later occurrence (which is why it has no "Mark done"). */
export function eventMetaText(event: Pick<AgendaEvent, "at" | "repeat">, locale?: string): string {
  const time = eventTimeText(event, locale);
  return event.repeat ? `${time} · ${REPEAT_LABEL}` : time;
}
