// Where focus goes when a note it was in is dismissed from the keyboard (StatusNotice): removing
// the focused button drops focus to <body>, and the next Tab would start from the top of the page.
// It goes back to what had it before it entered the note, as a dialog gives it back to its opener.
import { focusHomeOf, focusedElement } from "./focus-home";

/** What had focus before it entered the note, and the `data-focus-home` around that. */
export interface FocusOrigin {
  element: HTMLElement;
  home: HTMLElement | null;
}

/**
 * Where focus came into `notice` from, given the element it left (a focusin's relatedTarget);
 * `kept` while focus moves within the notice, or arrives from nowhere (the note focused after its
 * own Undo left).
 */
export function focusOrigin(
  notice: HTMLElement,
  from: EventTarget | null,
  kept: FocusOrigin | null,
): FocusOrigin | null {
  if (!(from instanceof HTMLElement) || notice.contains(from)) return kept;
  return { element: from, home: focusHomeOf(from) };
}

/**
 * The places focus may go back to once the note is gone, best first: its origin; that origin's
 * home when the origin has left the document (a row removed); the home around the note (its
 * dialog), read from the note's `pressed` button while it is still in the document.
 */
export function returnPlaces(origin: FocusOrigin | null, pressed: HTMLElement): HTMLElement[] {
  return [origin?.element, origin?.home, focusHomeOf(pressed)].filter((place) => place != null);
}

/**
 * Focuses the first of `places` still in the document, or the page's heading (which pages make
 * focusable for their arrival), unless focus has meanwhile gone somewhere of its own.
 */
export function returnFocus(places: HTMLElement[]): void {
  if (focusedElement() !== null) return;
  const place =
    places.find((candidate) => candidate.isConnected) ??
    document.querySelector<HTMLElement>('h1[tabindex="-1"]');
  place?.focus();
}
