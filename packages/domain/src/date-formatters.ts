// Intl.DateTimeFormat objects, made once per locale and options and reused: making one costs far
// more than formatting with it (on the dashboard's first render, formatDate made a new one for
// every date shown and was the app's own costliest function; BENCHMARKS.md). For options that
// name their time zone: one left to the runtime can change while a page is open (travel), and a
// kept formatter would not follow it.

/** More keys than the app's few locales and option sets ever make; past it, start afresh. */
const MAX_FORMATTERS = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, the same object for equal arguments. */
export function dateTimeFormat(
  locale: string | readonly string[] | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? null, options]);
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
