// Whether an OCR pass read real text or nonsense ("wl un 32S" from a page turned on its side).
// Tesseract's own mean word confidence tells them apart: on the corpus's 16 photos and screenshots
// it was 83-95 upright and 24-54 turned 90, 180 or 270 degrees. A share of plausible words (no
// dictionary: case, vowels, numbers) does not: a page upside down reads as letters in real order
// ("uo a|qejreAe"), which made 0.46-0.78 of it plausible, against 0.64-1.00 upright (web
// addresses and references lower it). It still catches what confidence alone misses, text read
// confidently that is mostly not words, and so both are asked.

export interface OcrReading {
  text: string;
  /** Tesseract's mean confidence in the words it read, 0-100 (0 when it read none). */
  confidence: number;
}

/** Under either, a reading is taken for nonsense; between the figures above, with room on both sides. */
export const READ_AS_TEXT = { confidence: 70, plausibleShare: 0.5 } as const;

/** Words all lower case, capitalised or all capitals, with an apostrophe or a hyphen inside. */
const WORD = /^(?:\p{Ll}+|\p{Lu}\p{Ll}*|\p{Lu}+)(?:['’-](?:\p{Ll}+|\p{Lu}\p{Ll}*|\p{Lu}+))*$/u;
/** Numbers, amounts, dates, times, percentages, phone numbers. */
const NUMBER = /^[£$€]?\d[\d.,/:%-]*(?:p|st|nd|rd|th|am|pm)?$/i;
/** Postcodes' halves, references: capitals and digits together ("BS6", "MM-77120"). */
const CODE = /^(?=.*\d)(?=.*[A-Z])[A-Z\d-]{2,}$/;
const VOWEL = /[aeiouyàáâäãåèéêëìíîïòóôöõùúûü]/i;
/** Punctuation that holds on to a token: brackets, quotes, a full stop or a comma after it. */
const PUNCTUATION_AROUND = /^[("'“‘[]+|[)"'”’\].,:;!?]+$/g;

/**
 * A word of three letters or more with a vowel, a number of two digits or more, or a code. One-
 * and two-letter scraps are what OCR makes of noise, and what a real text has few of.
 */
function isPlausible(token: string): boolean {
  if (WORD.test(token)) return token.length >= 3 && VOWEL.test(token);
  if (NUMBER.test(token)) return token.replace(/\D/g, "").length >= 2;
  return CODE.test(token);
}

/**
 * The share of the text's letters and digits that stand in plausible tokens (so long words count
 * more than scraps); 0 for a text with none.
 */
export function plausibleShare(text: string): number {
  let all = 0;
  let plausible = 0;
  for (const token of text.split(/\s+/)) {
    const core = token.replace(PUNCTUATION_AROUND, "");
    const characters = core.replace(/[^\p{L}\p{N}]/gu, "").length;
    if (characters === 0) continue;
    all += characters;
    if (isPlausible(core)) plausible += characters;
  }
  return all === 0 ? 0 : plausible / all;
}

/** Did OCR read real text? Both measures must say so. */
export function readsAsText(reading: OcrReading): boolean {
  return (
    reading.confidence >= READ_AS_TEXT.confidence &&
    plausibleShare(reading.text) >= READ_AS_TEXT.plausibleShare
  );
}

/** Did OCR read no letter or digit at all (a blank page, or only the rule of a table's edge)? */
export function readsNothing(reading: OcrReading): boolean {
  return !/[\p{L}\p{N}]/u.test(reading.text);
}

/**
 * Whether what OCR read puts in doubt what is proposed from it: something read, and not as text. A
 * blank page (the back of a sheet) reads as nothing, which is no doubt (and a file with no text at
 * all is unreadable: jobs/file-reading.ts).
 */
export function readAsNonsense(reading: OcrReading): boolean {
  return !readsNothing(reading) && !readsAsText(reading);
}
