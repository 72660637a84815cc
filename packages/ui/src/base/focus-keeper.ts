// Keeps keyboard focus on a record's control when what it did changes the list around it. A
// completed task can move in its list (its due date moves on), and moving a focused element in
// the document drops focus to <body> in browsers; a task done in the agenda leaves it. From a
// press until the person's next key or pointer press, whenever focus falls to <body>, the control
// takes it back, or if it has left the document, the nearest element marked `data-focus-home`
// around it (its card, the agenda, the dialog) does. Loaded on the first press (item-controls).

import { focusedElement } from "./focus-home";

let release: (() => void) | null = null;

/** Keeps focus on `control` (just pressed, in `home`) through the changes its press makes. */
export function keepFocus(control: HTMLElement, home: HTMLElement | null): void {
  release?.();
  const restore = () => {
    if (focusedElement() !== null) return;
    if (control.isConnected) control.focus();
    else if (home?.isConnected) home.focus();
  };
  // Every change of the document (a row moved or removed) is a moment focus may have fallen.
  const observer = new MutationObserver(restore);
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("keydown", stop, true);
    document.removeEventListener("pointerdown", stop, true);
    if (release === stop) release = null;
  };
  document.addEventListener("keydown", stop, true);
  document.addEventListener("pointerdown", stop, true);
  release = stop;
  restore();
}
