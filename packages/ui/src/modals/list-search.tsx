// The search field over a list (All Tasks, All Subscriptions, Documents): a person with hundreds
// of records finds one by a word of it instead of scrolling past the rest (what it finds:
// list-query.ts). The field sits under the dialog's title, outside the scrolling list; "/" takes
// the person to it, and Escape in it clears it before it closes the dialog. The query starts empty
// at each opening.
import { Search } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { TextInput } from "../base/controls";
import { useModalBody } from "../base/modal";
import type { ListQuery } from "./list-query";
import styles from "./list-search.module.css";

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
  const field = useRef<HTMLInputElement>(null);
  useSlashToSearch(field);
  return (
    <div role="search" className={styles.search}>
      {filters}
      <div className={styles.box}>
        <Search size={16} aria-hidden="true" className={styles.icon} />
        <TextInput
          ref={field}
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
          aria-keyshortcuts="/"
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

/** Where typing goes already: a field, a list box, an editable text. */
function takesTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.matches("input, textarea, select"))
  );
}

/**
 * "/" anywhere in the dialog but a field takes the person to its search, as in a mail app or a
 * code host: from far down a list, the search is one key away.
 */
function useSlashToSearch(field: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const dialog = field.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || takesTyping(event.target)) return;
      event.preventDefault();
      field.current?.focus();
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("keydown", onKeyDown);
    };
  }, [field]);
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
