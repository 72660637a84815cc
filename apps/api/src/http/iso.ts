/** An instant as the spec writes it (`2026-01-31T09:00:00Z`), keeping milliseconds only when set. */
export function isoInstant(date: Date): string {
  return date.toISOString().replace(".000Z", "Z");
}
