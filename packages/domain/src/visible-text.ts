// A required title or name must show something (issue 17): text made only of invisible characters
// and direction controls (U+200B, U+202E, U+FEFF, ...) would be a blank row in every list.
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

/**
 * A required title or name: trimmed, at least one visible character (else "`label` is required",
 * as for an empty one), at most `maxLength` characters. The text is kept as typed: invisible
 * characters inside it (a joiner in an emoji, a direction mark in mixed scripts) belong to it.
 */
export function requiredVisibleText(label: string, maxLength: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.refine(hasVisibleText, { error: required, abort: true }),
      z.maxLength(maxLength, { error: `${label} must be at most ${maxLength} characters` }),
    );
}
