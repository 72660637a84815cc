// How often a subscription comes back, from the document's words (issue 21): "per month",
// "billed weekly", "annual premium", "every 3 months". The product knows four frequencies
// (spec 9); a period between them is proposed as the nearest, and said to be unsure.
import { FREQUENCIES, type Frequency } from "../enums.js";

export interface FoundFrequency {
  frequency: Frequency;
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

/** "every 3 months", "every two weeks", "twice a year", "quarterly", "fortnightly". */
const EVERY_N =
  /\bevery (\d{1,2}|two|three|four|six) (day|week|month|year)s\b|\b(?:twice|two times) (?:a|per|each) (day|week|month|year)\b|\b(quarterly|fortnightly|biweekly|semi-?annual(?:ly)?|half-yearly|bi-?annual(?:ly)?)\b/gi;

const NUMBERS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, six: 6 };
const DAYS_IN: Readonly<Record<string, number>> = { day: 1, week: 7, month: 30, year: 365 };
const PERIOD_DAYS: Readonly<Record<string, number>> = {
  quarterly: 91,
  fortnightly: 14,
  biweekly: 14,
  semiannual: 182,
  semiannually: 182,
  halfyearly: 182,
  biannual: 182,
  biannually: 182,
};
const FREQUENCY_DAYS: Readonly<Record<Frequency, number>> = {
  Daily: 1,
  Weekly: 7,
  Monthly: 30,
  Yearly: 365,
};

/**
 * Words that look like a frequency and are not one: a span of time ("up to a month before",
 * "allow a week for the change"), or hours kept ("open 24 hours a day, 7 days a week").
 */
const NOT_A_FREQUENCY =
  /\b(?:up to|within|minus|at least|for|allow|takes?|wait|in|over|about|around) (?:a|one) (?:day|week|month|year)\b|\b(?:\d{1,2}|seven|twenty-four) (?:hours|days) (?:a|per) (?:day|week)\b/gi;

/**
 * A price for a period ("£312.40 for the year", "45,00 EUR for the whole month") is a price per
 * period; "for a year" with no price before it is a span ("covered for a year"), read as none.
 */
const PRICE_FOR_PERIOD =
  /((?:[£$€]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[£€]|\b[A-Z]{3}\b)))\s+for\s+(?:the|a|one)\s+(?:(?:whole|full|entire)\s+)?(day|week|month|year)\b/gi;

/**
 * The frequency the document states, or null. Words in `nearAmount` (the words of the line that
 * speak of the amount proposed) count three times as much as words elsewhere.
 */
export function findFrequency(text: string, nearAmount?: string): FoundFrequency | null {
  const cleaned = withoutSpans(text);
  // "semi-annual" is not "annual": the irregular periods are counted apart.
  const plain = cleaned.replace(EVERY_N, " ");
  const near =
    nearAmount === undefined ? undefined : withoutSpans(nearAmount).replace(EVERY_N, " ");
  const scores: Record<Frequency, number> = { Daily: 0, Weekly: 0, Monthly: 0, Yearly: 0 };
  for (const [frequency, words] of WORDS) {
    scores[frequency] += count(plain, words) + 2 * (near === undefined ? 0 : count(near, words));
  }
  const statedPlainly = { ...scores };
  let irregular: Frequency | undefined;
  for (const match of cleaned.matchAll(EVERY_N)) {
    const nearest = nearestFrequency(periodDays(match));
    irregular ??= nearest;
    scores[nearest] += 1;
  }
  let best: Frequency | undefined;
  let total = 0;
  for (const frequency of FREQUENCIES) {
    total += scores[frequency];
    if (scores[frequency] > (best === undefined ? 0 : scores[best])) best = frequency;
  }
  if (best === undefined) return null;
  // A period the product cannot hold ("every 3 months") is only approximated.
  if (best === irregular && statedPlainly[best] === 0) return { frequency: best, confidence: 0.4 };
  const share = scores[best] / total;
  return { frequency: best, confidence: Math.round((0.5 + 0.45 * share) * 100) / 100 };
}

function withoutSpans(text: string): string {
  return text.replace(PRICE_FOR_PERIOD, "$1 per $2").replace(NOT_A_FREQUENCY, " ");
}

function count(text: string, words: RegExp): number {
  return (text.match(words) ?? []).length;
}

function periodDays(match: RegExpMatchArray): number {
  const [, times, unit, twiceIn, word] = match;
  if (word !== undefined) return PERIOD_DAYS[word.toLowerCase().replace(/-/g, "")] ?? 30;
  if (twiceIn !== undefined) return (DAYS_IN[twiceIn.toLowerCase()] ?? 30) / 2;
  const n = NUMBERS[times?.toLowerCase() ?? ""] ?? Number(times);
  return n * (DAYS_IN[unit?.toLowerCase() ?? ""] ?? 30);
}

/** The frequency whose period is nearest `days`, by ratio (3 months is nearer a month than a year). */
function nearestFrequency(days: number): Frequency {
  let best: Frequency = "Monthly";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [frequency, period] of Object.entries(FREQUENCY_DAYS) as [Frequency, number][]) {
    const distance = Math.abs(Math.log(days / period));
    if (distance < bestDistance) {
      best = frequency;
      bestDistance = distance;
    }
  }
  return best;
}
