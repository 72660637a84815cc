import { type AgendaEvent, formatTime } from "@life-admin/domain";

export const ALL_DAY_LABEL = "All day";
/** issue 18: said of a later occurrence of a recurring task or renewal. */
export const REPEAT_LABEL = "Repeats";

/**
 * An agenda event's time as the locale writes it ("9:30 AM"), or "All day" for an event without
 * one (a renewal, or a task without a time of day), and "Repeats" after it for a later occurrence
 * (which is why it has no "Mark done"). The time is UTC like every shown date (decisions D6).
 */
export function eventTimeText(
  { at, repeat }: Pick<AgendaEvent, "at"> & Partial<Pick<AgendaEvent, "repeat">>,
  locale?: string,
): string {
  const time = at === null ? ALL_DAY_LABEL : formatTime(at, locale);
  return repeat ? `${time} · ${REPEAT_LABEL}` : time;
}
