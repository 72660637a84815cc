/**
 * Text as the domain's rules want it: lines kept, runs of spaces and tabs made one space, lines
 * trimmed, at most one blank line in a row.
 */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
