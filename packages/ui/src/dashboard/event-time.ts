import { type AgendaEvent, formatDate, formatTime, repeatLabel } from "@life-admin/domain";

export const ALL_DAY_LABEL = "All day";
/** issue 18: said of a later occurrence of a recurring task or renewal. */
export const REPEAT_LABEL = "Repeats";

/**
 * An agenda event's time as the locale writes it ("9:30 AM"), or "All day" for an event without
 * one (a renewal, or a task without a time of day), and after it, for a later occurrence (which
 * is why it has no "Mark done"), how often it repeats: "Repeats weekly", "Repeats every 2 weeks"
 * (decisions D9), and until when for a series that ends ("Repeats daily until 12/3/2026"). The
 * time is UTC like every shown date (decisions D6).
 */
export function eventTimeText(
  {
    at,
    repeat,
    every,
    until,
  }: Pick<AgendaEvent, "at"> & Partial<Pick<AgendaEvent, "repeat" | "every" | "until">>,
  locale?: string,
): string {
  const time = at === null ? ALL_DAY_LABEL : formatTime(at, locale);
  if (!repeat) return time;
  const how = every ? ` ${repeatLabel(every).toLowerCase()}` : "";
  return `${time} · ${REPEAT_LABEL}${how}${untilText(until, locale)}`;
}

/** " until 12/3/2026" after how often a series that ends repeats; nothing for one with no end. */
export function untilText(until: string | null | undefined, locale?: string): string {
  return until ? ` until ${formatDate(until, locale)}` : "";
}
