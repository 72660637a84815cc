// A `timestamp with time zone` column read back exactly. Drizzle's own column hands PostgreSQL's
// text ("0001-01-01 00:00:00+00") to `new Date(text)`, whose legacy parser reads years 0-99 as
// 1900-2049 (issue 8 found a task due in year 1 listed as due in 2001). This one parses the text
// field by field: any year PostgreSQL writes (more than four digits, BC), fractions of a second,
// and offsets with minutes or seconds (named time zones for historical dates).
import { customType } from "drizzle-orm/pg-core";

const PG_TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?( BC)?$/;

/** PostgreSQL's output for a timestamptz (DateStyle ISO) as a Date; throws on anything else. */
export function parseTimestamptz(text: string): Date {
  const match = PG_TIMESTAMPTZ.exec(text);
  if (match === null) throw new RangeError(`Not a PostgreSQL timestamptz: ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, fraction = "", sign, oh, om = "0", os = "0", bc] = match;
  // 1 BC is year 0 in the proleptic Gregorian calendar that Date uses.
  const year = bc === undefined ? Number(y) : 1 - Number(y);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 as they are.
  date.setUTCFullYear(year, Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, "0").slice(0, 3)));
  const offsetSeconds =
    (sign === "-" ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os));
  return new Date(date.getTime() - offsetSeconds * 1000);
}

/** `timestamp with time zone`, read with parseTimestamptz and written as an ISO instant. */
export const timestamptz = customType<{ data: Date; driverData: string }>({
  dataType: () => "timestamp with time zone",
  fromDriver: (value) => parseTimestamptz(value),
  toDriver: (value) => value.toISOString(),
});
