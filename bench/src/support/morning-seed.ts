// The people of one morning's run (issue 20): thousands with the morning email on, in the time
// zones whose clocks read 08:xx now (their morning has come), each with 20 subscriptions of which
// 4 are in their reminder window that morning. Written with two INSERTs through psql: signing
// 10,000 people in through the local provider and creating 200,000 subscriptions through the API
// would take the bench most of an hour, and the run measures the emails, not the seeding.
import {
  type Frequency,
  type IsoDate,
  type Priority,
  addDays,
  calendarDateIn,
  wallClockAt,
} from "@life-admin/domain";

/** The hour of their morning, on their clock (the product's default). */
export const MORNING_HOUR = 8;
/** Of each person's subscriptions, these first ones renew within their reminder window. */
export const IN_WINDOW = 4;
/** Marks the morning's people apart from the bell's owner in the same database. */
const ISSUER = "https://morning.bench.example";

export interface MorningSubscription {
  name: string;
  cost: number;
  frequency: Frequency;
  renewsOn: IsoDate;
  remindDaysBefore: number;
  priority: Priority;
}

const NAMES = ["Netflix", "Spotify", "iCloud+", "Gym", "Newspaper", "Cloud backup", "Insurance"];
const FREQUENCIES: readonly Frequency[] = ["Monthly", "Yearly", "Weekly", "Monthly"];
const PRIORITIES: readonly Priority[] = ["High", "Medium", "Low"];
const REMIND_DAYS = [1, 3, 7, 14] as const;
/** For the first IN_WINDOW: days until the renewal, each within its reminder window. */
const DAYS_AHEAD_IN_WINDOW = [0, 2, 5, 10] as const;

/**
 * A person's subscriptions on the morning of `today` (their date): the first IN_WINDOW renew
 * within `remind_days_before` days, the rest months ahead.
 */
export function morningSubscriptions(today: IsoDate, count: number): MorningSubscription[] {
  return Array.from({ length: count }, (_, k) => {
    const remindDaysBefore = REMIND_DAYS[k % REMIND_DAYS.length] ?? 7;
    const daysAhead = DAYS_AHEAD_IN_WINDOW[k] ?? 60 + k * 15;
    return {
      name: `${NAMES[k % NAMES.length] ?? "Subscription"} (${k + 1})`,
      cost: Number((4.99 + k * 1.5).toFixed(2)),
      frequency: FREQUENCIES[k % FREQUENCIES.length] ?? "Monthly",
      renewsOn: addDays(today, daysAhead),
      remindDaysBefore,
      priority: PRIORITIES[k % PRIORITIES.length] ?? "Medium",
    };
  });
}

/** The time zones whose clocks read `hour` o'clock at `nowMs` (from the runtime's zone list). */
export function zonesAtHour(nowMs: number, hour: number): string[] {
  return Intl.supportedValuesOf("timeZone").filter(
    (zone) => new Date(wallClockAt(nowMs, zone)).getUTCHours() === hour,
  );
}

/** The n-th person's email address (n from 1). */
export const morningEmailOf = (n: number) => `person-${n}@morning.bench.example`;

const literal = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/**
 * The SQL that makes `people` people spread over `zones`, each with `subscriptionsEach`
 * subscriptions as of their date at `nowMs`.
 */
export function morningPeopleSql(options: {
  people: number;
  subscriptionsEach: number;
  zones: readonly string[];
  nowMs: number;
}): string {
  const { people, subscriptionsEach, zones, nowMs } = options;
  if (zones.length === 0) throw new Error("no time zone to put the morning's people in");
  const rows = zones.flatMap((zone) =>
    morningSubscriptions(calendarDateIn(new Date(nowMs), zone), subscriptionsEach).map(
      (s) =>
        `(${[zone, s.name, s.cost, s.frequency, s.renewsOn, s.remindDaysBefore, s.priority]
          .map(literal)
          .join(", ")})`,
    ),
  );
  return `
INSERT INTO users (issuer, subject, email, full_name, time_zone, email_reminders, reminder_hour)
  SELECT ${literal(ISSUER)}, 'person-' || n, 'person-' || n || '@morning.bench.example',
    'Person ' || n, (ARRAY[${zones.map(literal).join(", ")}])[n % ${zones.length} + 1], true,
    ${MORNING_HOUR}
  FROM generate_series(1, ${people}) AS n;
INSERT INTO subscriptions
    (user_id, name, cost, frequency, next_renewal_date, renewal_anchor, remind_days_before, priority)
  SELECT users.id, s.name, s.cost, s.frequency, s.renews_on::date, s.renews_on::date, s.remind,
    s.priority
  FROM users
  JOIN (VALUES ${rows.join(",\n    ")})
    AS s (time_zone, name, cost, frequency, renews_on, remind, priority)
    ON s.time_zone = users.time_zone
  WHERE users.issuer = ${literal(ISSUER)};
`;
}
