// A timed task's start and end in the person's zone, written as the person typed them. A DTSTART
// with a TZID is a wall time that the calendar app reads with the zone's rules (RFC 5545 3.3.5), so
// the feed writes the wall time itself. It does not write an instant converted by luxon: luxon
// moves a time the clocks skip (02:30 on a spring-forward day) to 03:30, and a recurring event
// then kept the later time every week. So ical-generator is given floating times, which it writes
// as they are, and inZone then names the zone on their lines.
import { foldLines } from "ical-generator";
import { IANAZone } from "luxon";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instants at which the zone's clocks show `wallMs`, a wall time in UTC fields: none in an
 * hour the clocks skip, two in an hour they repeat. The candidates are the offsets a day before
 * and a day after, as no zone changes its clocks twice in two days.
 */
function instantsShowing(wallMs: number, zone: IANAZone): number[] {
  const offsets = new Set([zone.offset(wallMs - DAY_MS), zone.offset(wallMs + DAY_MS)]);
  return [...offsets]
    .map((offset) => wallMs - offset * MINUTE_MS)
    .filter((instant) => wallMs - zone.offset(instant) * MINUTE_MS === instant);
}

/**
 * The DTEND of a timed task at `start`, `minutes` long, in the zone: the wall time `minutes`
 * after the instant the start names. Returns null when no DTEND says so to every calendar app, and
 * the event is then written with a DURATION. This happens when the start, or the end, falls in an
 * hour that the clocks skip or repeat. RFC 5545 reads such a time with the offset before the gap,
 * or as the first of the two, but ical.js reads it otherwise. RFC 5545 3.8.5.3 also gives every
 * occurrence the exact length between DTSTART and DTEND, so a wrong DTEND would make every
 * week's event the wrong length.
 */
export function zonedEnd(start: Date, minutes: number, zoneName: string): Date | null {
  const zone = IANAZone.create(zoneName);
  const starts = instantsShowing(start.getTime(), zone);
  const [instant] = starts;
  if (instant === undefined || starts.length > 1) return null;
  const endInstant = instant + minutes * MINUTE_MS;
  const end = endInstant + zone.offset(endInstant) * MINUTE_MS;
  return instantsShowing(end, zone).length === 1 ? new Date(end) : null;
}

/**
 * An event's length when it has no DTEND: ical-generator writes no DURATION, so it writes
 * this custom property, and inZone renames it.
 */
export const DURATION_STAND_IN = "X-LIFE-ADMIN-DURATION";

/**
 * Floating DTSTART and DTEND lines, and the length stand-in. A line can begin with these names
 * only as a property: a TEXT value escapes its line breaks, and its folded lines begin with a space.
 */
const ZONED_LINE = new RegExp(
  `^(?:(DTSTART|DTEND):(\\d{8}T\\d{6})|${DURATION_STAND_IN}:(PT\\d+M))(?=\r\n)`,
  "gm",
);

/**
 * The events' text, with each floating time written in the zone `tzid` (its VTIMEZONE is at the
 * top of the calendar), and each length stand-in written as DURATION.
 */
export function inZone(text: string, tzid: string): string {
  return text.replace(
    ZONED_LINE,
    (_line, name: string | undefined, time: string | undefined, duration: string | undefined) =>
      name === undefined ? `DURATION:${duration}` : foldLines(`${name};TZID=${tzid}:${time}`),
  );
}
