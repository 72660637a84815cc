// Where a page's status notice (StatusNotice) shows while a list dialog is open (Modal's
// `pageNotices`): inside the topmost one. Radix hides the rest of the page from screen readers
// (aria-hidden), keeps focus inside the dialog and closes it on a press outside, so a notice at
// the page's foot would sit behind it, unheard and out of reach of its Undo.
import { useEffect, useSyncExternalStore } from "react";

/** The open dialogs' outlets in the order they opened: the last is on top. */
const outlets: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const topmost = () => outlets.at(-1) ?? null;

/** Offers `outlet` (in an open dialog, null until mounted) as the place for notices. */
export function useNoticeOutlet(outlet: HTMLElement | null): void {
  useEffect(() => {
    if (outlet === null) return;
    outlets.push(outlet);
    changed();
    return () => {
      outlets.splice(outlets.indexOf(outlet), 1);
      changed();
    };
  }, [outlet]);
}

/** The topmost open list dialog's outlet; null when none is open (or on the server). */
export function useTopmostNoticeOutlet(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topmost, () => null);
}
