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

/**
 * What labels the value at `start` of a line: the words before it in its sentence, or, when the
 * value opens its line (a table cell, a field on the next line), the line above as well. An
 * earlier sentence says nothing of it ("... has not been paid. Please pay £142.00").
 */
export function labelBefore(lines: readonly TextLine[], line: TextLine, start: number): string {
  const before = lastSentence(line.text.slice(0, start));
  if (before.length >= 3) return before;
  const above = lines[line.index - 1]?.text ?? "";
  return `${lastSentence(above)} ${before}`.trim();
}

/** The text after the last full stop, question or exclamation mark or semicolon ("12.50" has none). */
function lastSentence(text: string): string {
  const parts = text.split(/[.!?;](?:\s|$)/);
  return (parts[parts.length - 1] ?? "").trim();
}
