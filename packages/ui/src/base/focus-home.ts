// Where focus stands, and where it goes when the element that had it leaves the page: the nearest
// element marked `data-focus-home` around it (its card, the agenda, the dialog), which takes focus
// (tabIndex -1) when a control of it is removed. Read by every part that gives focus back.

/** The element that has focus, or null when focus has fallen to the page (a removed element's). */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return active;
}

/** The nearest `data-focus-home` around `element`, or null. */
export function focusHomeOf(element: Element | null | undefined): HTMLElement | null {
  return element?.closest<HTMLElement>("[data-focus-home]") ?? null;
}

/**
 * The control of the same record as `control` (its `data-focus-record`, "task-3") drawn anew in
 * `home` after `control` left the document (a list that draws a moved record's row anew), or null.
 */
export function drawnAgain(control: HTMLElement, home: HTMLElement | null): HTMLElement | null {
  const record = control.dataset.focusRecord;
  if (record === undefined || home === null) return null;
  return home.querySelector<HTMLElement>(`[data-focus-record="${CSS.escape(record)}"]`);
}
