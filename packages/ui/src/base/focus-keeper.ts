// Keeps keyboard focus on a record's control when what it did changes the list around it. A
// completed task can move in its list (its due date moves on), and moving a focused element in
// the document drops focus to <body> in browsers; a task done in the agenda leaves it. From a
// press until the person's next key or pointer press, whenever focus falls to <body>, the control
// takes it back, or if it has left the document, the same record's control drawn anew in that
// home (a list that draws its rows anew: `data-focus-record`), or else the nearest element marked
// `data-focus-home` around it (its card, the agenda, the dialog) does; focus that fell to the home
// itself (a dialog takes it when its focused control leaves) is taken back the same way. Loaded on
// the first press (item-controls), or when a form opened from a record's name closes onto it
// (use-focus-return.ts).

import { drawnAgain, focusedElement } from "./focus-home";

let release: (() => void) | null = null;

/** Keeps focus on `control` (just pressed, in `home`) through the changes its press makes. */
export function keepFocus(control: HTMLElement, home: HTMLElement | null): void {
  release?.();
  const restore = () => {
    const focused = focusedElement();
    if (focused !== null && focused !== home) return;
    const next = control.isConnected ? control : (drawnAgain(control, home) ?? home);
    if (next?.isConnected && next !== focused) next.focus();
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
