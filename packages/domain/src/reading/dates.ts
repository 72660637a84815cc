// The date a document is about (issue 21): when to pay, when it renews, when it expires, when the
// appointment is. chrono-node finds the dates in each line, in the order the document writes them;
// the words before each date say which one matters.
import { Chrono, configuration, type ParsedResult } from "chrono-node/en";
import { addDays, type IsoDate, instantOf, MS_PER_DAY } from "../iso-dates.js";
import { type DateOrder, type DateOrderReading, NO_CUE } from "./date-order.js";
import { labelBefore, type TextLine } from "./text-lines.js";

export interface FoundDate {
  date: IsoDate;
  /** "14:40" when the document gives the time of day (an appointment), else null. */
  time: string | null;
  /** How sure: the words around it, and whether the document's date order had to be guessed. */
  confidence: number;
}

interface Candidate {
  date: IsoDate;
  time: string | null;
  line: TextLine;
  /** What the words before it (LABELS) and its form (a range, a guessed year) say of it. */
  wording: number;
  score: number;
  /** Written in digits that both orders can read (05/12/2026). */
  ambiguous: boolean;
  /** The document's own date ("Invoice date 2 November 2026", "Issued 20/11/2026"). */
  issued: boolean;
  /** A span rather than a date ("within 14 days"): how many days, else null. */
  spanDays: number | null;
}

/** Words before a date and what they say about it: the date to act on (+) or not (-). */
const LABELS: readonly (readonly [RegExp, number])[] = [
  [/\b(?:due|payable)\b/, 3],
  [/\bpay(?:ment)?\s+(?:\S+\s+){0,2}by\b|\bplease pay\b|\btransfer\b/, 3],
  [/\brenew(?:s|al|ed)?\b/, 3],
  [/\b(?:next|first)\s+(?:payment|billing|charge|bill|direct debit|renewal|collection|debit)\b/, 3],
  [/\bcharged?\b|\bdebit(?:ed)?\b|\bcollect(?:ed|ion)?\b|\btaken\b/, 2],
  [/\bexpir(?:es|y|ation|e|ing)\b|\bvalid until\b|\bruns out\b|\bends?\b/, 3],
  [/\bappointment\b|\bvisit\b|\bbooked\b|\bscheduled\b|\barranged\b|\battend\b/, 3],
  [/\b(?:by|before|until|deadline)\s*:?\s*$/, 1.5],
  [/\b(?:on|date)\s*:?\s*$/, 0.5],
  [
    /\b(?:bill|statement|invoice|notice|order|read|issue|print|start|birth|letter|receipt)\s*date\b/,
    -4,
  ],
  [/\bdate of\b|\bissued\b|\bdob\b|\bborn\b|\bprinted\b/, -4],
  [/\bperiod\b|\bcovers\b|\bfrom\b|\bsince\b|\bstarted\b/, -3],
  [/\breceived\b|\bpaid\b|\blast\b|\bprevious\b|\bwas\b/, -3],
  // Not paid yet: a condition on paying ("reduced if paid within 14 days", "if it is not paid by").
  [/\bif (?:\S+ ){0,5}paid\b/, 4],
];

/** How far back the words that label a date are read. */
const LABEL_REACH = 48;

/** The words that label the document's own date, which a span ("within 14 days of ...") counts from. */
const ISSUE_DATE =
  /\b(?:bill|statement|invoice|notice|letter|issue|tax point)\s*date\b|\bdate of (?:this )?(?:issue|notice|letter|invoice|bill|statement)\b|\bissued\b|\bdated\b/;

/** Cards write their expiry as a month and a year ("expiry 08/27", "valid thru 12/27"). */
const CARD_EXPIRY = /\bexp(?:\.|iry|ires|iration)?\b|\bvalid (?:thru|through)\b|\bcard\b/;

/** A time that tells when a helpline or an office is open, not when to act. */
const OPENING_HOURS = /\b(?:call|contact|phone|ring|helpline|lines?|open|opening|available)\b/i;
/** "8.00am to 8.00pm", "09:00-17:00": a span of the day (opening hours), not one time. */
const TIME_SPAN_AFTER = /^\s*(?:to|till|until|-|–)\s*\d/i;

/** How far ahead the other reading of a date two orders can read may fall to be taken instead. */
const NEAR_FUTURE_DAYS = 366;

let chronos: Record<DateOrder, Chrono> | undefined;

/** Strict parsers (no "today", no bare weekdays); built on first use, they are not small. */
function chronoFor(order: DateOrder): Chrono {
  chronos ??= {
    "day-first": new Chrono(configuration.createConfiguration(true, true)),
    "month-first": new Chrono(configuration.createConfiguration(true, false)),
  };
  return chronos[order];
}

/** The date the document is about, or null when it shows none. */
export function findDueDate(
  lines: readonly TextLine[],
  order: DateOrderReading,
  today: IsoDate,
): FoundDate | null {
  // A span no words ask to act in ("returns accepted within 28 days") is not a date to act on.
  const found = lines
    .flatMap((line) => candidatesIn(lines, line, order, today))
    .filter((candidate) => candidate.spanDays === null || candidate.wording > 0);
  const issued = found.find((candidate) => candidate.issued && candidate.spanDays === null);
  const candidates = found.map((candidate) => fromIssueDate(candidate, issued, today));
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (best === undefined || candidate.score > best.score) best = candidate;
  }
  if (best === undefined) return null;
  const time = best.time ?? timeNear(lines, best.line);
  const certainty = best.score >= 3 ? 0.9 : best.score > 0 ? 0.7 : 0.35;
  return {
    date: best.date,
    time,
    confidence: round(best.ambiguous ? certainty * order.confidence : certainty),
  };
}

function candidatesIn(
  lines: readonly TextLine[],
  line: TextLine,
  order: DateOrderReading,
  today: IsoDate,
): Candidate[] {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  return chronoFor(order.order)
    .parse(line.text, reference, { forwardDate: true })
    .flatMap((result) => {
      const label = labelBefore(lines, line, result.index).toLowerCase().slice(-LABEL_REACH);
      const read = calendarDateOf(result);
      if (read === null || isMonthAndYear(result.text, order.order, label)) return [];
      const ambiguous = isAmbiguous(result.text);
      const date = ambiguous && order.confidence <= NO_CUE ? comingReading(read, today) : read;
      const wording = labelScore(label) + formScore(result);
      const spanDays = result.tags().has("result/relativeDate") ? daysAfter(today, date) : null;
      return [
        {
          date,
          time: timeOf(result),
          line,
          wording,
          score: wording + whenScore(date, today),
          ambiguous,
          issued: ISSUE_DATE.test(label),
          spanDays,
        },
      ];
    });
}

/**
 * A span ("please pay within 14 days of the invoice date", "payment due in 30 days") counts from
 * the document's own date, not from the day it was uploaded (chrono's reference), which may be
 * weeks later. Without the document's date it is only a guess, and said to be one.
 */
function fromIssueDate(
  candidate: Candidate,
  issued: Candidate | undefined,
  today: IsoDate,
): Candidate {
  if (candidate.spanDays === null) return candidate;
  if (issued === undefined) return { ...candidate, score: Math.min(candidate.score, 0) - 1 };
  const date = addDays(issued.date, candidate.spanDays);
  return { ...candidate, date, score: candidate.wording + whenScore(date, today) };
}

/**
 * 05/12/2026 with nothing in the document to say which order it is written in: when the reading
 * taken has gone and the other is still to come, soon, the other is the one meant (an
 * appointment letter is not sent after the appointment). Still unsure: the order was guessed.
 */
function comingReading(date: IsoDate, today: IsoDate): IsoDate {
  const other = `${date.slice(0, 4)}-${date.slice(8, 10)}-${date.slice(5, 7)}`;
  const daysToOther = daysAfter(today, other);
  return daysAfter(today, date) < 0 && daysToOther >= 0 && daysToOther <= NEAR_FUTURE_DAYS
    ? other
    : date;
}

/**
 * "08/27" (no year) is a day and a month, or a month and a year as cards write their expiry: a
 * month and a year when the document's order cannot read it as a day and a month, or an expiry
 * labels it.
 */
function isMonthAndYear(text: string, order: DateOrder, label: string): boolean {
  const match = /^(\d{1,2})[/.-](\d{1,2})$/.exec(text.trim());
  if (match === null) return false;
  const [first, second] = [Number(match[1]), Number(match[2])];
  const month = order === "day-first" ? second : first;
  return month > 12 || CARD_EXPIRY.test(label);
}

/** A calendar date with a day and a month written out (not "every Monday", not "12/2027"). */
function calendarDateOf(result: ParsedResult): IsoDate | null {
  const { start } = result;
  if (!start.isCertain("day") || !start.isCertain("month")) return null;
  const [year, month, day] = [start.get("year"), start.get("month"), start.get("day")];
  /* c8 ignore next -- chrono implies a year from the reference when the text has none */
  if (year === null || month === null || day === null) return null;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

function timeOf(result: ParsedResult): string | null {
  const { start } = result;
  if (!start.isCertain("hour")) return null;
  return `${pad(start.get("hour") ?? 0)}:${pad(start.get("minute") ?? 0)}`;
}

function labelScore(label: string): number {
  let score = 0;
  for (const [words, weight] of LABELS) if (words.test(label)) score += weight;
  return score;
}

/** Where the date falls: a date already gone, a far future. */
function whenScore(date: IsoDate, today: IsoDate): number {
  const daysAhead = daysAfter(today, date);
  let score = 0;
  if (daysAhead < 0) score -= 5;
  if (daysAhead > 5 * 366) score -= 2;
  return score;
}

/** How the date is written: a range, a guessed year. */
function formScore(result: ParsedResult): number {
  let score = 0;
  // chrono leaves `end` null, not undefined, when the text is not a range.
  if ((result.end ?? null) !== null) score -= 2;
  if (!result.start.isCertain("year")) score -= 1;
  return score;
}

function daysAfter(from: IsoDate, date: IsoDate): number {
  return Math.round((instantOf(date) - instantOf(from)) / MS_PER_DAY);
}

/** 05/12/2026 (at 2:30 PM) reads two ways; 25/12/2026, 2026-12-05 and 5 Dec 2026 one. */
function isAmbiguous(text: string): boolean {
  const match = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-]\d{2,4})?(?![\d/.-])/.exec(text.trim());
  if (match === null) return false;
  const [first, second] = [Number(match[1]), Number(match[2])];
  return first <= 12 && second <= 12 && first !== second;
}

/**
 * An appointment's time given on its own ("Time 14:40", "at 9.30am") on the date's line or the
 * next two; not the hours a helpline is open ("available at 8.00am to 8.00pm").
 */
function timeNear(lines: readonly TextLine[], line: TextLine): string | null {
  for (const near of lines.slice(line.index, line.index + 3)) {
    const match =
      /\b(?:time|at)\s*:?\s*([01]?\d|2[0-3])[:.]([0-5]\d)\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(
        near.text,
      );
    if (match === null || isOpeningHours(near.text, match)) continue;
    const meridiem = match[3]?.toLowerCase().replaceAll(".", "");
    const hour = (Number(match[1]) % 12) + (meridiem === "pm" ? 12 : 0);
    return `${pad(meridiem === undefined ? Number(match[1]) : hour)}:${match[2] ?? "00"}`;
  }
  return null;
}

function isOpeningHours(text: string, time: RegExpExecArray): boolean {
  const after = text.slice(time.index + time[0].length);
  return OPENING_HOURS.test(text.slice(0, time.index)) || TIME_SPAN_AFTER.test(after);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
