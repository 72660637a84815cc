import { type AgendaEvent, formatTime } from "@life-admin/domain";

export const ALL_DAY_LABEL = "All day";

/**
 * An agenda event's time as the locale writes it ("9:30 AM"), or "All day" for an event without
 * one (a renewal). The time is UTC like every shown date (decisions D6).
 */
export function eventTimeText(event: Pick<AgendaEvent, "date" | "time">, locale?: string): string {
  if (event.time === null) return ALL_DAY_LABEL;
  return formatTime(`${event.date}T${event.time}:00Z`, locale);
}
