// How often a subscription comes back, from the document's words (issue 21): "per month",
// "billed weekly", "annual premium", "every 3 months". decisions D9: a schedule is one of the four
// frequencies (spec 9) taken `interval` times, so a stated period is read exactly ("every 3
// months" is Monthly x 3); one no schedule holds ("twice a month") is proposed as the nearest
// frequency, and said to be unsure.
import { FREQUENCIES, type Frequency } from "../enums.js";
import { REPEAT_INTERVAL_MAX } from "../limits.js";
import { type Repeat } from "../recurrence.js";

export interface FoundFrequency extends Repeat {
  confidence: number;
}

const WORDS: readonly (readonly [Frequency, RegExp])[] = [
  ["Daily", /\b(?:daily|per day|a day|each day|every day)\b|\/\s?day\b/gi],
  [
    "Weekly",
    /\b(?:weekly|per week|a week|each week|every week|every (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\/\s?(?:wk|week)\b/gi,
  ],
  [
    "Monthly",
    /\b(?:monthly|per month|a month|each month|every month|per calendar month|pcm)\b|\/\s?(?:mo|mth|month)\b/gi,
  ],
  [
    "Yearly",
    /\b(?:annual|annually|yearly|per year|a year|each year|every year|per annum|p\.a\.|12 months|twelve months)\b|\/\s?(?:yr|year)\b/gi,
  ],
];

type Unit = "day" | "week" | "month" | "year";

/** The numbers a period is written with ("every two weeks", "three times a year"). */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  twelve: 12,
};
/** "every other week" is every 2. */
const ORDINALS: Readonly<Record<string, number>> = { other: 2, second: 2, third: 3, fourth: 4 };
const COUNT = String.raw`\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")}`;

/**
 * A period written out, as "every N units" ("every 3 months", "per 2 weeks", "every other
 * week"), as "N times a unit" ("twice a year", "four times yearly"), or by a name of its own
 * ("quarterly", "per fortnight", "£84 a quarter", "/quarter", "semi-annual"). Counted apart from WORDS: "semi-annual" is not
 * "annual", nor "every 12 months" "12 months".
 */
const EVERY_N = new RegExp(
  [
    String.raw`\b(?:every|per) (?<count>${COUNT}|${Object.keys(ORDINALS).join("|")}) (?<unit>day|week|month|year)s?\b`,
    String.raw`\b(?:twice|(?<times>${COUNT}) times)(?: (?:a|per|each))? (?<timesIn>day|week|month|year|daily|weekly|monthly|yearly|annually)\b`,
    // "a quarter" is a period only as one ("£84 a quarter"), never a share ("a quarter of it").
    String.raw`(?:\b(?:per|each|every|a)\s+|\/\s?)(?<period>quarter|fortnight)\b(?!\s+of\b)`,
    String.raw`\b(?<word>quarterly|fortnightly|bi-?weekly|semi[- ]?annual(?:ly)?|half[- ]?yearly|bi-?annual(?:ly)?|biennial(?:ly)?|bi-?monthly|semi[- ]?monthly)\b`,
  ].join("|"),
  "gi",
);

const UNIT_OF: Readonly<Record<string, Unit>> = {
  day: "day",
  daily: "day",
  week: "week",
  weekly: "week",
  month: "month",
  monthly: "month",
  year: "year",
  yearly: "year",
  annually: "year",
};
const DAYS_IN: Readonly<Record<Unit, number>> = { day: 1, week: 7, month: 30, year: 365 };
const FREQUENCY_DAYS: Readonly<Record<Frequency, number>> = {
  Daily: 1,
  Weekly: 7,
  Monthly: 30,
  Yearly: 365,
};

/** What a period's words say: a schedule, and whether it is the one they state or the nearest. */
interface Reading {
  repeat: Repeat;
  exact: boolean;
}

/**
 * The periods with a name of their own. "biannual" is read as twice a year, as dictionaries and
 * bills use it ("biennial" is the word for every two years), but writers mix the two up: it is
 * proposed unsure, for the person to check. "bimonthly" likewise (every two months, its sense on
 * bills, or twice a month). "biweekly" is every two weeks, as pay and bills use it
 * ("semi-weekly" is the word for twice a week).
 */
const NAMED_PERIODS: Readonly<Record<string, Reading>> = {
  quarter: stated("Monthly", 3),
  quarterly: stated("Monthly", 3),
  fortnight: stated("Weekly", 2),
  fortnightly: stated("Weekly", 2),
  biweekly: stated("Weekly", 2),
  semiannual: stated("Monthly", 6),
  semiannually: stated("Monthly", 6),
  halfyearly: stated("Monthly", 6),
  biannual: { repeat: { frequency: "Monthly", interval: 6 }, exact: false },
  biannually: { repeat: { frequency: "Monthly", interval: 6 }, exact: false },
  biennial: stated("Yearly", 2),
  biennially: stated("Yearly", 2),
  bimonthly: { repeat: { frequency: "Monthly", interval: 2 }, exact: false },
  semimonthly: timesPer(2, "month"),
};

/**
 * Words that look like a frequency and are not one: a span of time ("up to a month before",
 * "allow a week for the change"), hours kept ("open 24 hours a day, 7 days a week"), or a rate
 * with no price ("one month free for every 12 months", "fixed for every 12 months of the
 * contract"; a price "for every 3 months" is a price per period, PRICE_FOR_PERIOD).
 */
const NOT_A_FREQUENCY =
  /\b(?:up to|within|minus|at least|for|allow|takes?|wait|in|over|about|around) (?:a|one) (?:day|week|month|year)\b|\b(?:\d{1,2}|seven|twenty-four) (?:hours|days) (?:a|per) (?:day|week)\b|\bfor (?:every|each) (?:\S+ )?(?:day|week|month|year|quarter|fortnight)s?\b/gi;

/**
 * A price for a period ("£312.40 for the year", "45,00 EUR for the whole month", "£84 for every
 * 3 months") is a price per period; "for a year" with no price before it is a span ("covered for
 * a year"), read as none.
 */
const PRICE_FOR_PERIOD =
  /((?:[£$€]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[£€]|\b[A-Z]{3}\b)))\s+for\s+(?:(?:the|a|one)\s+(?:(?:whole|full|entire)\s+)?(day|week|month|year)\b|(?=(?:every|each)\s+(?:\S+\s+)?(?:day|week|month|year|quarter|fortnight)s?\b))/gi;

/** A schedule the words speak of: its points, and how many of them words that state it gave. */
interface Score {
  repeat: Repeat;
  points: number;
  plainly: number;
}

/**
 * The schedule the document states, or null. Words in `nearAmount` (the words of the line that
 * speak of the amount proposed) count three times as much as words elsewhere.
 */
export function findFrequency(text: string, nearAmount?: string): FoundFrequency | null {
  const scores: Score[] = [];
  tally(scores, withoutSpans(text), 1);
  if (nearAmount !== undefined) tally(scores, withoutSpans(nearAmount), 2);
  // On a tie the first found wins: a frequency WORDS name (every 1) before a period.
  let best: Score | undefined;
  let total = 0;
  for (const score of scores) {
    total += score.points;
    if (score.points > (best?.points ?? 0)) best = score;
  }
  if (best === undefined) return null;
  const { frequency, interval } = best.repeat;
  // A period no schedule holds ("twice a month") is only approximated.
  if (best.plainly === 0) return { frequency, interval, confidence: 0.4 };
  const share = best.points / total;
  return { frequency, interval, confidence: Math.round((0.5 + 0.45 * share) * 100) / 100 };
}

/** Adds to `scores` what `text` says, each word worth `weight` points. */
function tally(scores: Score[], text: string, weight: number): void {
  const plain = text.replace(EVERY_N, " ");
  for (const [frequency, words] of WORDS) {
    add(scores, stated(frequency, 1), weight * count(plain, words));
  }
  for (const match of text.matchAll(EVERY_N)) {
    const reading = readingOf(match);
    if (reading !== null) add(scores, reading, weight);
  }
}

function add(scores: Score[], { repeat, exact }: Reading, points: number): void {
  if (points === 0) return;
  let score = scores.find(
    (scored) =>
      scored.repeat.frequency === repeat.frequency && scored.repeat.interval === repeat.interval,
  );
  if (score === undefined) {
    score = { repeat, points: 0, plainly: 0 };
    scores.push(score);
  }
  score.points += points;
  if (exact) score.plainly += points;
}

function withoutSpans(text: string): string {
  return text
    .replace(PRICE_FOR_PERIOD, (_, price: string, unit: string | undefined) =>
      unit === undefined ? `${price} ` : `${price} per ${unit}`,
    )
    .replace(NOT_A_FREQUENCY, " ");
}

function count(text: string, words: RegExp): number {
  return (text.match(words) ?? []).length;
}

/** The schedule a match of EVERY_N states, or null ("every 0 days"). */
function readingOf(match: RegExpMatchArray): Reading | null {
  const { count: every, unit, times, timesIn, period, word } = match.groups ?? {};
  if (every !== undefined && unit !== undefined) {
    const n = numberOf(every);
    if (n < 1 || n > REPEAT_INTERVAL_MAX) return null;
    return { repeat: repeatEvery(n, UNIT_OF[unit.toLowerCase()] ?? "month"), exact: true };
  }
  if (timesIn !== undefined) {
    const n = times === undefined ? 2 : numberOf(times);
    return n < 1 ? null : timesPer(n, UNIT_OF[timesIn.toLowerCase()] ?? "month");
  }
  return NAMED_PERIODS[(period ?? word ?? "").toLowerCase().replace(/[- ]/g, "")] ?? null;
}

function numberOf(written: string): number {
  const lower = written.toLowerCase();
  return NUMBER_WORDS[lower] ?? ORDINALS[lower] ?? Number(written);
}

/**
 * Every `n` units as the product's schedule: whole weeks of days as weeks ("every 14 days" is
 * every 2 weeks), whole years of months as years; a month is not 4 weeks (28 days).
 */
function repeatEvery(n: number, unit: Unit): Repeat {
  switch (unit) {
    case "day":
      return n % 7 === 0
        ? { frequency: "Weekly", interval: n / 7 }
        : { frequency: "Daily", interval: n };
    case "week":
      return { frequency: "Weekly", interval: n };
    case "month":
      return n % 12 === 0
        ? { frequency: "Yearly", interval: n / 12 }
        : { frequency: "Monthly", interval: n };
    case "year":
      return { frequency: "Yearly", interval: n };
    default: {
      const never: never = unit;
      throw new Error(`Not a unit: ${String(never)}`);
    }
  }
}

/**
 * `times` a unit: a year's whole number of months ("twice a year" is every 6 months); else no
 * interval of the product's units, so the nearest frequency ("twice a month", 15 days, is nearer
 * a month than a week), unsure.
 */
function timesPer(times: number, unit: Unit): Reading {
  if (unit === "year" && 12 % times === 0) {
    return { repeat: repeatEvery(12 / times, "month"), exact: true };
  }
  return {
    repeat: { frequency: nearestFrequency(DAYS_IN[unit] / times), interval: 1 },
    exact: false,
  };
}

function stated(frequency: Frequency, interval: number): Reading {
  return { repeat: { frequency, interval }, exact: true };
}

/** The frequency whose period is nearest `days`, by ratio (15 days is nearer a month than a week). */
function nearestFrequency(days: number): Frequency {
  let best: Frequency = "Monthly";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const frequency of FREQUENCIES) {
    const distance = Math.abs(Math.log(days / FREQUENCY_DAYS[frequency]));
    if (distance < bestDistance) {
      best = frequency;
      bestDistance = distance;
    }
  }
  return best;
}
