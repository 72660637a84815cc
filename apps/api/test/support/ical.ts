// Reading iCalendar text in tests with Mozilla's ical.js (the parser behind Thunderbird).
import ICAL from "ical.js";

/** The VCALENDAR of `text`, as ical.js reads it. */
export function calendarOf(text: string): ICAL.Component {
  // ical.js types its parse as any: a VCALENDAR parses to one jCal component (an array).
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

/** The first VEVENT of `text`. */
export function firstEventOf(text: string): ICAL.Event {
  const vevent = calendarOf(text).getFirstSubcomponent("vevent");
  if (vevent === null) throw new Error("no VEVENT in the calendar");
  return new ICAL.Event(vevent);
}
