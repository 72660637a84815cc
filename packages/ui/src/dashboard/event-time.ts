import { type AgendaEvent, formatTime } from "@life-admin/domain";

export const ALL_DAY_LABEL = "All day";

/**
 * An agenda event's time as the locale writes it ("9:30 AM"), or "All day" for an event without
 * one (a renewal). The time is UTC like every shown date (decisions D6).
 */
export function eventTimeText(event: Pick<AgendaEvent, "at">, locale?: string): string {
  return event.at === null ? ALL_DAY_LABEL : formatTime(event.at, locale);
}
