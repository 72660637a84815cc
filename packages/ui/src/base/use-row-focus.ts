// Where focus goes when the control that has it leaves with its row (a deleted document, a
// signed-out device): browsers drop it to <body>, which starts a keyboard user again at the top
// and tells a screen reader nothing. It goes to the same control of the next row (the previous
// one's when the last row went), else to the list's heading (its aria-labelledby), else to the
// nearest `data-focus-home` (the dialog). A control outside the rows (a button for all of them)
// that leaves goes to the heading or home too.
import { useCallback, useLayoutEffect, useRef } from "react";
import { focusHomeOf } from "./focus-home";

interface Focused {
  control: HTMLElement;
  /** The list its row is in, and the row's place in it; null outside the rows. */
  list: HTMLElement | null;
  row: number;
  /** Which of the row's controls it was. */
  slot: number;
  /** Where focus goes when no row has a control left. */
  fallback: HTMLElement | null;
}

const CONTROLS = "button, a[href], input, select, textarea";

function focusedOf(control: HTMLElement, container: HTMLElement): Focused {
  const row = control.closest("li");
  const list = row === null || !container.contains(row) ? null : row.parentElement;
  const rows = [...(list?.children ?? [])];
  const labelledBy = (list ?? container).getAttribute("aria-labelledby");
  return {
    control,
    list,
    row: row === null ? -1 : rows.indexOf(row),
    slot: row === null ? 0 : [...row.querySelectorAll(CONTROLS)].indexOf(control),
    fallback:
      (labelledBy === null ? null : document.getElementById(labelledBy)) ?? focusHomeOf(control),
  };
}

/** The ref goes on the list, or on an element around it and whatever else in it may leave. */
export function useRowFocus() {
  const focused = useRef<Focused | null>(null);

  const container = useCallback((element: HTMLElement | null) => {
    if (element === null) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) focused.current = focusedOf(event.target, element);
    };
    element.addEventListener("focusin", remember);
    return () => {
      element.removeEventListener("focusin", remember);
    };
  }, []);

  // After every render: a render is what takes rows out.
  useLayoutEffect(() => {
    const gone = focused.current;
    if (gone === null || gone.control.isConnected) return;
    focused.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const rows = gone.list?.isConnected && gone.row >= 0 ? [...gone.list.children] : [];
    // The rows from its place on first, then the ones before it, nearest first.
    const order = [...rows.slice(gone.row), ...rows.slice(0, gone.row).reverse()];
    for (const row of order) {
      const controls = row.querySelectorAll<HTMLElement>(CONTROLS);
      const next = controls[Math.min(gone.slot, controls.length - 1)];
      if (next !== undefined) {
        next.focus();
        return;
      }
    }
    gone.fallback?.focus();
  });

  return container;
}
