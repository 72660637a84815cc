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
