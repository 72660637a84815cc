// A required title or name must show something (issue 17): text made only of invisible characters
// and direction controls (U+200B, U+202E, U+FEFF, ...) would be a blank row in every list. And a
// one-line field stays one line: a line break or control character in a title reaches the morning
// email's plain text and calendar files, where it could forge a line of their own.
import * as z from "zod/mini";

/**
 * What no one sees: white space, the code points Unicode says to render as nothing
 * (Default_Ignorable_Code_Point: zero-width spaces and joiners, direction marks, embeddings,
 * overrides and isolates, word joiners, the soft hyphen, variation selectors, Hangul fillers, the
 * BOM, tags), the other format controls (Cf: interlinear annotations, hieroglyph format controls),
 * and the blank Braille pattern, which fonts draw as an empty cell.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

/** True when `text` still has a character once everything invisible is taken out. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, "") !== "";
}

/** Unicode's control characters (Cc): C0 (tab, line feed, carriage return...), DEL and C1. */
const CONTROL = /\p{Cc}/u;
/** The same, but for the tab and line breaks that notes keep. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** True when `text` is one line with no control character (a tab included). */
export function isSingleLine(text: string): boolean {
  return !CONTROL.test(text);
}

/** True when `text` has no control character but the tab and line breaks of written notes. */
export function hasOnlyTextControls(text: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(text);
}

/**
 * A run of white space that breaks the line: one holding a control character (a line feed, a tab)
 * or a line or paragraph separator. Spaces alone (an ideographic space, U+3000, two spaces)
 * break nothing and are the text's own.
 */
const LINE_BREAKING_RUN = /[\p{White_Space}\p{Cc}]*[\p{Cc}\p{Zl}\p{Zp}][\p{White_Space}\p{Cc}]*/gu;

/**
 * `text` as one line: each run of white space that breaks the line one space, none at the ends.
 * Where a title or name is written out as lines (the morning email's text, calendar files), so
 * that one stored before singleLine cannot forge a line of its own; its own spaces stay as typed.
 */
export function asOneLine(text: string): string {
  return text.replace(LINE_BREAKING_RUN, " ").trim();
}

/** Notes as written text: the control characters notes may not hold taken out (older rows). */
export function withTextControlsOnly(text: string): string {
  return text.replace(new RegExp(CONTROL_BUT_LINE_BREAKS, "gu"), "");
}

/** A tab, a line separator (U+2028) or a paragraph separator (U+2029): no control character. */
const SPACED_BREAKS = /[\t\u2028\u2029]/g;

/**
 * `text` as a one-line field keeps it: each tab (what pasting a spreadsheet's cells leaves, and
 * what a person sees) and each line or paragraph separator (which browsers break a line at, in
 * every list) a space.
 */
export function spacedLine(text: string): string {
  return text.replace(SPACED_BREAKS, " ");
}

/**
 * The checks of a one-line field: a tab or a line or paragraph separator becomes a space
 * (breaksAsSpace: spacedLine), and a line break or other control character is refused
 * (singleLine). Two calls, not one that answers both: a schema the web app does not use is left
 * out of its bundle only when its arguments are pure calls.
 */
export function breaksAsSpace() {
  return z.overwrite(spacedLine);
}

export function singleLine(label: string) {
  return z.refine<string>(isSingleLine, {
    error: `${label} must be one line: remove line breaks and control characters`,
  });
}

/**
 * A required title or name: trimmed, at least one visible character (else "`label` is required",
 * as for an empty one), one line (singleLine), at most `maxLength` characters. The text is
 * kept as typed: invisible characters inside it (a joiner in an emoji, a direction mark in mixed
 * scripts) belong to it.
 */
export function requiredVisibleText(label: string, maxLength: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .check(
      breaksAsSpace(),
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.refine(hasVisibleText, { error: required, abort: true }),
      singleLine(label),
      z.maxLength(maxLength, { error: `${label} must be at most ${maxLength} characters` }),
    );
}
