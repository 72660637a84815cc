// The search over the All lists (All Tasks, All Subscriptions): a person with hundreds of records
// finds one by a word of it instead of scrolling past the rest. The words are matched by the
// domain's rule (list-search.ts: every word, any order, case and accents aside); the field sits
// under the dialog's title, outside the scrolling list, and Escape in it clears it before it
// closes the dialog. The query starts empty at each opening.
import { foldedText, searchRecords } from "@life-admin/domain/forms";
import { Search } from "lucide-react";
import {
  type ReactNode,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { TextInput } from "../base/controls";
import { useModalBody } from "../base/modal";
import styles from "./list-search.module.css";

export interface ListQuery {
  /** As typed: the field's value. */
  query: string;
  setQuery: (query: string) => void;
  /** What the list shows: the query once React has had time to filter, so typing never waits. */
  shownQuery: string;
}

/** The query of a list dialog, emptied each time the dialog opens. */
export function useListQuery(open: boolean): ListQuery {
  const [query, setQuery] = useState("");
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setQuery("");
  }
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

export interface ListSearchProps {
  /** The field's name, also shown in it while it is empty ("Search tasks"). */
  label: string;
  search: ListQuery;
  /** searchCount's words, shown beside the field and said by a screen reader as they change. */
  count: string;
  /**
   * Choices that narrow the list further (All Tasks' To do and Done), before the field: the
   * field stays one Shift+Tab from the list that the dialog opens on.
   */
  filters?: ReactNode;
}

export function ListSearch({ label, search, count, filters }: ListSearchProps) {
  const id = useId();
  const countId = `${id}-count`;
  return (
    <div role="search" className={styles.search}>
      {filters}
      <div className={styles.box}>
        <Search size={16} aria-hidden="true" className={styles.icon} />
        <TextInput
          id={id}
          type="search"
          className={styles.field}
          // Named by the words it shows while empty: no label of its own to take the room.
          aria-label={label}
          placeholder={label}
          value={search.query}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby={count ? countId : undefined}
          onChange={(event) => {
            search.setQuery(event.target.value);
          }}
          onKeyDown={(event) => {
            // The dialog leaves a typed search's Escape to it (modal.tsx): it clears the query.
            if (event.key === "Escape" && search.query !== "") search.setQuery("");
          }}
        />
      </div>
      {/* Said as it changes, politely; no status role, which the page's notice is (Mark done's). */}
      <p id={countId} aria-live="polite" className={styles.count}>
        {count}
      </p>
    </div>
  );
}

/** Back to the list's top when what it shows is searched anew; mount it in the dialog's body. */
export function ScrollToTopOn({ value }: { value: string }) {
  const body = useModalBody();
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    if (body) scrollToTop(body);
  }, [body, value]);
  return null;
}

function scrollToTop(element: HTMLElement) {
  element.scrollTop = 0;
}
