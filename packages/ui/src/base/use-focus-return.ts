// Where focus goes when a modal closes: back to what had it before the modal opened.
// Radix Dialog returns focus to its own Trigger, which our modals do not use (the web app opens
// them from any button), so we record and restore the element ourselves. In the modal chain
// (chooser, then Add Task) the second modal opens while focus is nowhere, so it inherits the
// first one's element, and a closing modal never pulls focus out of another open dialog. When that
// element has left the document meanwhile (the record it named was deleted), focus goes to the
// nearest `data-focus-home` it had around it (its card, the list's dialog). Focus given back to a
// record's name is kept there through what the closed form changed (a skip or an edit that moves
// the record in its list: focus-keeper.ts, loaded then).
import { useRef } from "react";
import { drawnAgain, focusHomeOf, focusedElement } from "./focus-home";

let lastReturnTarget: HTMLElement | null = null;

export function useFocusReturn() {
  const target = useRef<HTMLElement | null>(null);
  const home = useRef<HTMLElement | null>(null);

  const onOpenAutoFocus = () => {
    target.current = focusedElement() ?? lastReturnTarget;
    lastReturnTarget = target.current;
    home.current = focusHomeOf(target.current);
  };

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const gone = target.current;
    const fallback = home.current;
    const element = gone?.isConnected ? gone : ((gone && drawnAgain(gone, fallback)) ?? fallback);
    target.current = null;
    home.current = null;
    // another modal has it (not merely as the home its focused control left: the list's dialog)
    const focused = focusedElement();
    if (focused !== fallback && focused?.closest('[role="dialog"], [role="alertdialog"]')) return;
    if (!element?.isConnected) return;
    element.focus();
    if (element.dataset.focusRecord === undefined) return;
    const keeperHome = focusHomeOf(element);
    void import("./focus-keeper").then((keeper) => {
      keeper.keepFocus(element, keeperHome);
    });
  };

  return { onOpenAutoFocus, onCloseAutoFocus };
}
