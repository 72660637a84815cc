// The date a document is about (issue 21): when to pay, when it renews, when it expires, when the
// appointment is. chrono-node finds the dates in each line, in the order the document writes them;
// the words before each date say which one matters.
import { Chrono, configuration, type ParsedResult } from "chrono-node/en";
import { type IsoDate, instantOf, MS_PER_DAY } from "../iso-dates.js";
import { type DateOrder, type DateOrderReading } from "./date-order.js";
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
  score: number;
  /** Written in digits that both orders can read (05/12/2026). */
  ambiguous: boolean;
}

/** Words before a date and what they say about it: the date to act on (+) or not (-). */
const LABELS: readonly (readonly [RegExp, number])[] = [
  [/\b(?:due|payable)\b/, 3],
  [/\bpay(?:ment)?\s+(?:\S+\s+){0,2}by\b|\bplease pay\b|\btransfer\b/, 3],
  [/\brenew(?:s|al|ed)?\b/, 3],
  [/\bnext\s+(?:payment|billing|charge|bill|direct debit|renewal|collection|debit)\b/, 3],
  [/\bcharged?\b|\bdebit(?:ed)?\b|\bcollect(?:ed|ion)?\b|\btaken\b/, 2],
  [/\bexpir(?:es|y|ation|e|ing)\b|\bvalid until\b|\bruns out\b|\bends?\b/, 3],
  [/\bappointment\b|\bvisit\b|\bbooked\b|\bscheduled\b/, 3],
  [/\b(?:by|before|until|deadline)\s*:?\s*$/, 1.5],
  [/\b(?:on|date)\s*:?\s*$/, 0.5],
  [
    /\b(?:bill|statement|invoice|notice|order|read|issue|print|start|birth|letter|receipt)\s*date\b/,
    -4,
  ],
  [/\bdate of\b|\bissued\b|\bdob\b|\bborn\b|\bprinted\b/, -4],
  [/\bperiod\b|\bcovers\b|\bfrom\b|\bsince\b|\bstarted\b/, -3],
  [/\breceived\b|\bpaid\b|\blast\b|\bprevious\b|\bwas\b/, -3],
];

/** How far back the words that label a date are read. */
const LABEL_REACH = 48;

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
  const candidates = lines.flatMap((line) => candidatesIn(lines, line, order.order, today));
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
  order: DateOrder,
  today: IsoDate,
): Candidate[] {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  return chronoFor(order)
    .parse(line.text, reference, { forwardDate: true })
    .flatMap((result) => {
      const date = calendarDateOf(result);
      if (date === null) return [];
      const label = labelBefore(lines, line, result.index).toLowerCase().slice(-LABEL_REACH);
      return [
        {
          date,
          time: timeOf(result),
          line,
          score: labelScore(label) + placeScore(result, date, today),
          ambiguous: isAmbiguous(result.text),
        },
      ];
    });
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

/** Where the date falls: a date already gone, a range, a guessed year, a far future. */
function placeScore(result: ParsedResult, date: IsoDate, today: IsoDate): number {
  const daysAhead = (instantOf(date) - instantOf(today)) / MS_PER_DAY;
  let score = 0;
  if (daysAhead < 0) score -= 5;
  if (daysAhead > 5 * 366) score -= 2;
  // chrono leaves `end` null, not undefined, when the text is not a range.
  if ((result.end ?? null) !== null) score -= 2;
  if (!result.start.isCertain("year")) score -= 1;
  return score;
}

/** 05/12/2026 reads two ways; 25/12/2026, 2026-12-05 and 5 Dec 2026 one. */
function isAmbiguous(text: string): boolean {
  const match = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-]\d{2,4})?$/.exec(text.trim());
  if (match === null) return false;
  const [first, second] = [Number(match[1]), Number(match[2])];
  return first <= 12 && second <= 12 && first !== second;
}

/** An appointment's time given on its own ("Time 14:40", "at 9.30am") on the date's line or the next two. */
function timeNear(lines: readonly TextLine[], line: TextLine): string | null {
  for (const near of lines.slice(line.index, line.index + 3)) {
    const match =
      /\b(?:time|at)\s*:?\s*([01]?\d|2[0-3])[:.]([0-5]\d)\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(
        near.text,
      );
    if (match === null) continue;
    const meridiem = match[3]?.toLowerCase().replaceAll(".", "");
    const hour = (Number(match[1]) % 12) + (meridiem === "pm" ? 12 : 0);
    return `${pad(meridiem === undefined ? Number(match[1]) : hour)}:${match[2] ?? "00"}`;
  }
  return null;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
