// The query of a searched list (All Tasks, All Subscriptions, Documents) and what it finds: the
// words as typed, the list's records that hold every one of them (the domain's rule, list-search.ts:
// any order, case and accents aside), and the words the list and its count say about them; and
// the reset at each opening that the lists' choices share.
import { foldedText, searchRecords } from "@life-admin/domain/forms";
import { useDeferredValue, useMemo, useState } from "react";

export interface ListQuery {
  /** As typed: the field's value. */
  query: string;
  setQuery: (query: string) => void;
  /** What the list shows: the query once React has had time to filter, so typing never waits. */
  shownQuery: string;
}

/**
 * Calls `onOpening` in the render where `open` turns true, so that a list dialog's choices (its
 * words, All Tasks' To do and Done) start afresh at each opening, in that very render.
 */
export function useOnOpening(open: boolean, onOpening: () => void): void {
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) onOpening();
  }
}

/** The query of a list dialog, emptied each time the dialog opens. */
export function useListQuery(open: boolean): ListQuery {
  const [query, setQuery] = useState("");
  useOnOpening(open, () => {
    setQuery("");
  });
  const deferred = useDeferredValue(query);
  // An empty query shows the whole list at once: at the opening, a list sorted as it opens (All
  // Tasks' done ones last) is first rendered whole, never from the last opening's query.
  return { query, setQuery, shownQuery: query === "" ? "" : deferred };
}

/**
 * The records that hold every word of the query, in their order. Each record's text is folded
 * once, when first searched, and kept while the record is the same object: typing a letter into
 * a search of 10,000 tasks folds none of them again.
 */
export function useSearchedRecords<T extends object>(
  records: readonly T[],
  partsOf: (record: T) => readonly (string | null | undefined)[],
  query: string,
): readonly T[] {
  const [folded] = useState(() => new WeakMap<T, string>());
  return useMemo(
    () =>
      searchRecords(
        records,
        (record) => {
          let text = folded.get(record);
          if (text === undefined) {
            text = foldedText(partsOf(record));
            folded.set(record, text);
          }
          return text;
        },
        query,
      ),
    [records, partsOf, query, folded],
  );
}

/** "3 of 1,200 tasks" while a query is typed; nothing without one. */
export function searchCount(
  shown: number,
  total: number,
  noun: string,
  query: string,
  locale: string | undefined,
): string {
  if (query.trim() === "") return "";
  const count = (n: number) => n.toLocaleString(locale);
  return `${count(shown)} of ${count(total)} ${total === 1 ? noun : `${noun}s`}`;
}

/** What the list says when nothing matches: the query in the person's own words. */
export function noMatchText(plural: string, query: string): string {
  return `No ${plural} match “${query.trim()}”.`;
}
