// What a search of the All lists finds (All Tasks, All Subscriptions): a record whose text holds
// every word of the query, wherever they are and in any order, the way a person remembers a
// task ("dentist" finds "Book the dentist"; "car tax" finds "Tax the car"). Case and accents do
// not count ("cafe" finds "Café", "strasse" finds "Straße"), as in a browser's find in page; the
// marks that make another letter in a script (a Japanese kana's voicing mark, a Hangul syllable)
// do, so "か" does not find "が".

/** Latin, Greek and Cyrillic letters' accents, once a letter and its accent are apart (NFKD). */
const ACCENTS = /[\u0300-\u036f]/g;

/**
 * The form both the query and the text are compared in: compatibility forms made plain (a "ﬁ"
 * ligature is "fi", full-width "ＡＢ" is "ab"), accents taken off, and case folded as far as
 * JavaScript can (upper then lower case, so that "ß" and "ss" meet).
 */
export function searchFolded(text: string): string {
  return text.normalize("NFKD").replace(ACCENTS, "").normalize("NFC").toUpperCase().toLowerCase();
}

/** The query's words, folded; none for a query of white space alone. */
export function searchWords(query: string): string[] {
  return searchFolded(query).split(/\s+/u).filter(Boolean);
}

/** True when every word is somewhere in the folded text (every record for no words). */
export function holdsEveryWord(foldedText: string, words: readonly string[]): boolean {
  return words.every((word) => foldedText.includes(word));
}

/**
 * The records whose texts (folded once per record, by `foldedTextOf`) hold every word of the
 * query, in the order given.
 */
export function searchRecords<T>(
  records: readonly T[],
  foldedTextOf: (record: T) => string,
  query: string,
): readonly T[] {
  const words = searchWords(query);
  if (words.length === 0) return records;
  return records.filter((record) => holdsEveryWord(foldedTextOf(record), words));
}

/** A record's searchable parts as one folded text (the parts kept apart, so no word spans two). */
export function foldedText(parts: readonly (string | null | undefined)[]): string {
  return searchFolded(parts.filter((part) => part != null && part !== "").join("\n"));
}
