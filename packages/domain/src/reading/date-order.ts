// Whether a document writes 05/12/2026 for 5 December (day first: UK, Ireland, the euro area) or
// for 12 May (month first: the US), from the cues it gives (issue 21).

export type DateOrder = "day-first" | "month-first";

export interface DateOrderReading {
  order: DateOrder;
  /** 1 when a date in the document settles it, lower as the cues get weaker, 0.5 with none. */
  confidence: number;
}

const NUMERIC_DATE = /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})\b/g;
const MONTH_NAMES =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const DAY_BEFORE_MONTH = new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTH_NAMES})\\b`, "i");
const MONTH_BEFORE_DAY = new RegExp(`\\b(?:${MONTH_NAMES})\\.? \\d{1,2}(?:st|nd|rd|th)?,`, "i");

/** Cues and their weight: positive for day first, negative for month first. */
const CUES: readonly (readonly [RegExp, number])[] = [
  // The document says so.
  [/\bdd[/.-]mm[/.-](?:yy){1,2}\b/i, 6],
  [/\bmm[/.-]dd[/.-](?:yy){1,2}\b/i, -6],
  // Its money: pounds and euros are written by day-first countries, dollars mostly not.
  [/£|\bGBP\b/, 2],
  [/€|\bEUR\b/, 2],
  // Not the other dollars ("A$", "NZ$", "CA$"): Australia and New Zealand write the day first.
  [/(?<![A-Za-z])\$|\bUS\$|\bUSD\b/, -2],
  // Its addresses: a UK postcode, a US state and ZIP code.
  [/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/, 1],
  [/\b[A-Z]{2} \d{5}(?:-\d{4})?\b/, -1],
  // Dates written in words: "3 March" (day first) or "March 3," (month first).
  [DAY_BEFORE_MONTH, 1],
  [MONTH_BEFORE_DAY, -1],
];

/** How sure the order is when the document gives no cue at all (a guess: day first). */
export const NO_CUE = 0.5;

/**
 * The order of a document's numeric dates. A date that only one order can read settles it; otherwise
 * each cue counts once however often it appears (a statement full of "$" is one cue).
 */
export function dateOrderOf(text: string): DateOrderReading {
  let settled = 0;
  let dotted = false;
  for (const match of text.matchAll(NUMERIC_DATE)) {
    const [first, second] = [Number(match[1]), Number(match[3])];
    // 25/11/2026 can only be day first, 11/25/2026 only month first.
    if (first > 12 && second <= 12) settled += 1;
    if (second > 12 && first <= 12) settled -= 1;
    // Dotted dates (25.11.2026) are a European, day-first, form.
    if (match[2] === ".") dotted = true;
  }
  if (settled !== 0) {
    return { order: settled > 0 ? "day-first" : "month-first", confidence: 1 };
  }
  if (dotted) return { order: "day-first", confidence: 0.9 };
  let score = 0;
  for (const [cue, weight] of CUES) {
    if (text.search(cue) !== -1) score += weight;
  }
  if (score === 0) return { order: "day-first", confidence: NO_CUE };
  return {
    order: score > 0 ? "day-first" : "month-first",
    confidence: Math.min(0.95, 0.6 + 0.08 * Math.abs(score)),
  };
}
