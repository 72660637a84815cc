// Reads a calendar feed (issue 19) as far as the isolation checks need: which events it holds
// (UID and SUMMARY) and its text unfolded, so that a marker split by a fold (RFC 5545, 3.1) is
// still found. Deliberately small and independent of the API's iCalendar library.

/** The feed's text with folded lines joined again (RFC 5545, 3.1: CRLF then a space or tab). */
export function unfolded(text: string): string {
  return text.replace(/\r\n[ \t]/g, "");
}

/** A TEXT value as written before escaping (RFC 5545, 3.3.11). */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}

export interface FeedEvent {
  uid: string;
  summary: string;
}

/** Every VEVENT's UID and SUMMARY, in the feed's order. */
export function eventsOf(text: string): FeedEvent[] {
  const events: FeedEvent[] = [];
  let current: Partial<FeedEvent> | null = null;
  for (const line of unfolded(text).split("\r\n")) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current !== null) {
      events.push({ uid: current.uid ?? "", summary: current.summary ?? "" });
      current = null;
    } else if (current !== null && line.startsWith("UID:")) current.uid = line.slice(4);
    else if (current !== null && line.startsWith("SUMMARY:")) {
      current.summary = unescapeText(line.slice("SUMMARY:".length));
    }
  }
  return events;
}

/** "/calendar/{token}.ics" of a feed URL as GET /calendar/feed answers it. */
export function feedPathOf(url: string): string {
  return new URL(url).pathname;
}

/** The token in a feed URL. */
export function feedTokenOf(url: string): string {
  const token = /^\/calendar\/([^/]+)\.ics$/.exec(feedPathOf(url))?.[1];
  if (token === undefined) throw new Error(`not a feed URL: ${url}`);
  return token;
}
