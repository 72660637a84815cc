// A calendar feed (RFC 5545) read as a calendar app reads what the tests look at: its lines
// unfolded (3.1), each event's properties by name, with their parameters ("DTSTART;TZID=...")
// kept apart from their values, and the time zones it defines.

export interface IcsProperty {
  /** "TZID=Pacific/Auckland", "VALUE=DATE": the parameters after the name, as written. */
  params: string[];
  value: string;
}

/** One component (VEVENT, VTIMEZONE, STANDARD...): its properties by name, the first of each. */
export type IcsComponent = ReadonlyMap<string, IcsProperty>;

/** The content lines of `text`, long lines unfolded (a line break followed by a space or tab). */
function unfolded(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, "").split("\r\n");
}

function propertyOf(line: string): [string, IcsProperty] {
  const colon = line.indexOf(":");
  const [name = "", ...params] = line.slice(0, colon).split(";");
  return [name, { params, value: line.slice(colon + 1) }];
}

/** Every component named `kind` ("VEVENT", "DAYLIGHT"...), in order, however nested. */
export function icsComponents(text: string, kind: string): IcsComponent[] {
  const found: IcsComponent[] = [];
  let current: Map<string, IcsProperty> | null = null;
  for (const line of unfolded(text)) {
    if (line === `BEGIN:${kind}`) current = new Map();
    else if (line === `END:${kind}` && current !== null) {
      found.push(current);
      current = null;
    } else if (current !== null && !line.startsWith("BEGIN:") && !line.startsWith("END:")) {
      const [name, property] = propertyOf(line);
      if (!current.has(name)) current.set(name, property);
    }
  }
  return found;
}

/** The event whose SUMMARY begins with `summary`; throws when the feed has none. */
export function icsEvent(text: string, summary: string): IcsComponent {
  const event = icsComponents(text, "VEVENT").find((e) =>
    e.get("SUMMARY")?.value.startsWith(summary),
  );
  if (event === undefined) throw new Error(`The feed has no event "${summary}..."`);
  return event;
}

/** A property as written after its name: "DTSTART;TZID=Pacific/Auckland:20261130T210000". */
export function icsLine(component: IcsComponent, name: string): string {
  const property = component.get(name);
  if (property === undefined) return "";
  return [name, ...property.params].join(";") + ":" + property.value;
}
