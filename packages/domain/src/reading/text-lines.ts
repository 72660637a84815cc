// A document's text as the rules read it: lines with their spacing evened out (PDF text layers,
// Word tables and OCR all space words differently), empty lines dropped.

export interface TextLine {
  /** The line's position among the kept lines (0 is the first line with text). */
  index: number;
  text: string;
}

/** The non-empty lines of `text`, runs of spaces and tabs made one space. */
export function linesOf(text: string): TextLine[] {
  return text
    .split(/\r\n|\r|\n|\f/)
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .map((line, index) => ({ index, text: line }));
}

/** A sentence's end: not the full stop of an abbreviation that labels what follows. */
const SENTENCE_END = /(?<!\b(?:incl|excl|inc|exc|approx|no|ref|tel))[.!?;](?:\s|$)/i;

/**
 * What labels the value at `start` of a line: the words before it in its sentence, and in that
 * sentence's alternative (lastAlternative), or, when no words come before it (a table row under
 * its row of headings, a field on the next line), the line above as well. An earlier sentence
 * says nothing of it ("... has not been paid. Please pay £142.00").
 */
export function labelBefore(lines: readonly TextLine[], line: TextLine, start: number): string {
  const before = lastAlternative(lastSentence(line.text.slice(0, start)));
  // Words label a value; other values before it do not ("12/10/2026 $86.40" under "Due Date
  // Amount Due").
  if (/\p{L}{2}/u.test(before)) return before;
  const above = lines[line.index - 1]?.text ?? "";
  return `${lastSentence(above)} ${before}`.trim();
}

/**
 * The text after the last full stop, question or exclamation mark or semicolon ("12.50" has none;
 * nor has "Total incl. VAT", whose full stop ends a word, not a sentence).
 */
function lastSentence(text: string): string {
  const parts = text.split(SENTENCE_END);
  return (parts[parts.length - 1] ?? "").trim();
}

/**
 * The last of a sentence's alternatives (", or ..."): each has its own condition, so the words of
 * one do not label the other's value ("Pay £70 within 28 days of the date of this notice, or £35
 * if paid within 14 days": the 14 days are not the notice's date).
 */
function lastAlternative(text: string): string {
  const parts = text.split(/,\s*(?=or\b)/);
  return (parts[parts.length - 1] ?? "").trim();
}

/** The text up to its first sentence's end: the words after a value that still speak of it. */
export function firstSentence(text: string): string {
  return text.split(SENTENCE_END)[0] ?? "";
}
