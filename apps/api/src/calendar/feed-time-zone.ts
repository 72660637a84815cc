// A person's time zone in their calendar (RFC 5545, 3.2.19 and 3.6.5). A task's due time is their
// wall clock (decisions D6): 09:30 is 09:30 where they live, and stays 09:30 when the clocks
// change. A calendar shows it so when its DTSTART names their zone (TZID), with that zone's rules
// (VTIMEZONE) in the same file: from timezones-ical-library, the IANA database as vzic compiles it,
// shipped in the package (nothing fetched). UTC needs neither: its times end in Z.
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";

export interface FeedTimeZone {
  /** The zone as luxon and Intl name it: the person's own setting. */
  name: string;
  /** The zone's id in the calendar: the library's canonical name ("Europe/Kiev" is "Europe/Kyiv"). */
  tzid: string;
  /** Its VTIMEZONE component. */
  vtimezone: string;
}

const UTC_IDS = new Set(["UTC", "Etc/UTC"]);
let zonesWithRules: Set<string> | undefined;
const zones = new Map<string, FeedTimeZone | null>();

function rulesOf(name: string): FeedTimeZone | null {
  // The library writes a line to the console for a name it does not know: asked only for its own.
  zonesWithRules ??= new Set(tzlib_get_timezones() as string[]);
  if (!zonesWithRules.has(name)) return null;
  const [vtimezone, tzidLine] = tzlib_get_ical_block(name) as string[];
  const tzid = tzidLine?.replace(/^TZID=/, "");
  if (!vtimezone || !tzid || UTC_IDS.has(tzid)) return null;
  return { name, tzid, vtimezone };
}

/** The zone a calendar writes the person's timed tasks in, or null: UTC, or a zone it has no rules for. */
export function feedTimeZone(timeZone: string): FeedTimeZone | null {
  if (UTC_IDS.has(timeZone)) return null;
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    zone = rulesOf(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}
