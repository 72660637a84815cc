// The card grid of the All Tasks and All Subscriptions modals, its empty state, and how a long
// list stays quick: past FULL_GRID_LIMIT cards only the rows in or near the modal body's view are
// in the document (@tanstack/react-virtual), rows of as many cards as the grid has columns at its
// width, each row measured, since a card's height follows its text.
import {
  defaultRangeExtractor,
  elementScroll,
  type Range,
  useVirtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import {
  type Key,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cx } from "../base/cx";
import { useModalBody } from "../base/modal";
import styles from "./item-grid.module.css";

/**
 * Up to this many cards the grid renders them all: it costs little, and the browser's find in
 * page sees every card.
 */
export const FULL_GRID_LIMIT = 50;

/** Rows rendered beyond each edge of the view, so that scrolling rarely shows a gap. */
const OVERSCAN_ROWS = 2;

export interface ItemGridProps<T> {
  /** In the order they are shown. */
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** A card's content; the grid draws the card around it. */
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  /** A typical card's height in CSS pixels, for the rows not yet measured. */
  estimatedItemHeight: number;
}

export function ItemGrid<T>(props: ItemGridProps<T>) {
  const { items, itemKey, renderItem, emptyText } = props;
  if (items.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  if (items.length > FULL_GRID_LIMIT) return <VirtualItemGrid {...props} />;
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        <li key={itemKey(item)} className={styles.item}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

interface GridLayout {
  columns: number;
  rowGap: number;
  /** Where the list starts in the scrolling body's content. */
  offset: number;
}

/** What the grid's CSS makes of its current width: the column count is the stylesheet's. */
function readLayout(list: HTMLElement, body: HTMLElement): GridLayout {
  const style = getComputedStyle(list);
  const tracks = style.gridTemplateColumns.split(" ").filter(Boolean).length;
  return {
    columns: Math.max(tracks, 1),
    rowGap: Number.parseFloat(style.rowGap) || 0,
    offset:
      list.getBoundingClientRect().top -
      body.getBoundingClientRect().top +
      body.scrollTop -
      body.clientTop,
  };
}

function sameLayout(a: GridLayout, b: GridLayout): boolean {
  return a.columns === b.columns && a.rowGap === b.rowGap && a.offset === b.offset;
}

/**
 * Scrolls as the library does, except for its corrections (rows above the view measured taller or
 * shorter than estimated): these move the body from where it is now. The library would set the
 * offset it last read plus the correction, which drags a smooth scroll in progress (the keyboard's
 * End, the wheel) back towards where it was and leaves End short of the end.
 */
const scrollToFn: VirtualizerOptions<HTMLElement, HTMLElement>["scrollToFn"] = (
  offset,
  options,
  instance,
) => {
  if (options.adjustments && instance.scrollElement) {
    instance.scrollElement.scrollTop += options.adjustments;
    return;
  }
  elementScroll(offset, options, instance);
};

/** The place in the list of the first card whose bottom is in the body's view. */
function firstItemInView(list: HTMLElement, body: HTMLElement): number | null {
  const top = body.getBoundingClientRect().top;
  for (const item of list.querySelectorAll("[aria-posinset]")) {
    if (item.getBoundingClientRect().bottom > top)
      return Number(item.getAttribute("aria-posinset")) - 1;
  }
  return null;
}

/**
 * Ends a scroll the browser still animates (PageDown, an arrow key, the wheel) where it is now. A
 * jump does not end it: Chromium carries it on from wherever the jump lands by what it had left,
 * so End pressed while PageDown still moved the list, then Home, landed a page below the top. A
 * smooth scroll of our own takes its place, and to where the box already is, it moves nothing.
 */
function stopScrolling(box: HTMLElement): void {
  box.scrollTo({ top: box.scrollTop, behavior: "smooth" });
}

/** The default range, plus the row holding focus, so that scrolling never drops the focus. */
function withRow(indexes: number[], row: number | null): number[] {
  if (row === null || indexes.includes(row)) return indexes;
  return [...indexes, row].sort((a, b) => a - b);
}

function VirtualItemGrid<T>({ items, itemKey, renderItem, estimatedItemHeight }: ItemGridProps<T>) {
  const body = useModalBody();
  const listRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<GridLayout>({ columns: 1, rowGap: 0, offset: 0 });
  const [focusedItem, setFocusedItem] = useState<number | null>(null);
  const { columns } = layout;
  const focusedRow = focusedItem === null ? null : Math.floor(focusedItem / columns);
  const rangeExtractor = useCallback(
    (range: Range) => withRow(defaultRangeExtractor(range), focusedRow),
    [focusedRow],
  );
  // A row holds other cards once the column count changes: it is measured afresh. (A new
  // function on every render would have the library work out every row's place on every render.)
  const rowKey = useCallback((row: number) => `${columns}:${row}`, [columns]);

  // The React Compiler is not used here; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: Math.ceil(items.length / columns),
    getScrollElement: () => body,
    scrollToFn,
    estimateSize: () => estimatedItemHeight,
    getItemKey: rowKey,
    gap: layout.rowGap,
    scrollMargin: layout.offset,
    overscan: OVERSCAN_ROWS,
    rangeExtractor,
  });

  // The card at the top of the view when the column count changes, to keep it there.
  const anchorItem = useRef<number | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !body) return;
    const update = () => {
      const next = readLayout(list, body);
      anchorItem.current = body.scrollTop > 0 ? firstItemInView(list, body) : null;
      setLayout((current) => (sameLayout(current, next) ? current : next));
    };
    update();
    // The list's height changes as rows are measured; only a new width can change the columns.
    let width = list.clientWidth;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry || entry.contentRect.width === width) return;
      width = entry.contentRect.width;
      update();
    });
    observer.observe(list);
    return () => {
      observer.disconnect();
    };
  }, [body]);

  useLayoutEffect(() => {
    if (anchorItem.current === null) return;
    virtualizer.scrollToIndex(Math.floor(anchorItem.current / columns), { align: "start" });
    anchorItem.current = null;
  }, [virtualizer, columns]);

  // Home and End go through the virtualizer, which lands on the very end however the rows it
  // measures on the way differ from the estimate. The browser's own jump is a smooth scroll aimed
  // at the end as estimated when the key was pressed, and stops short of it.
  useEffect(() => {
    if (!body) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "Home" && event.key !== "End") return;
      event.preventDefault();
      stopScrolling(body);
      if (event.key === "End") virtualizer.scrollToEnd();
      else virtualizer.scrollToOffset(0);
    };
    body.addEventListener("keydown", onKeyDown);
    return () => {
      body.removeEventListener("keydown", onKeyDown);
    };
  }, [body, virtualizer]);

  return (
    // The focus handlers are no interaction: they note which card holds focus (a subscription's
    // link), whose row then stays in the document however far the body scrolls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      ref={listRef}
      role="list"
      className={cx(styles.grid, styles.virtual)}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const item = event.target.closest("[aria-posinset]");
        setFocusedItem(item ? Number(item.getAttribute("aria-posinset")) - 1 : null);
      }}
      onBlur={(event) => {
        // Focus going elsewhere in the page (not to another window, whence it comes back here).
        const next = event.relatedTarget;
        if (next === null || event.currentTarget.contains(next)) return;
        // After the move, not during it: the row leaving the document while focus is on its way
        // out would have the dialog take focus itself (Radix's answer to a vanished focus).
        startTransition(() => {
          setFocusedItem(null);
        });
      }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={cx(styles.grid, styles.row)}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {items.slice(first, first + columns).map((item, column) => {
              const index = first + column;
              return (
                // Only some cards are in the document: each says where it stands in the whole.
                <div
                  key={itemKey(item)}
                  role="listitem"
                  aria-posinset={index + 1}
                  aria-setsize={items.length}
                  className={styles.item}
                >
                  {renderItem(item)}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
