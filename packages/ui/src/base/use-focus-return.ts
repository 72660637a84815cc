// Where focus goes when a modal closes: back to what had it before the modal opened.
// Radix Dialog returns focus to its own Trigger, which our modals do not use (the web app opens
// them from any button), so we record and restore the element ourselves. In the modal chain
// (chooser, then Add Task) the second modal opens while focus is nowhere, so it inherits the
// first one's element, and a closing modal never pulls focus out of another open dialog. When that
// element has left the document meanwhile (the record it named was deleted), focus goes to the
// nearest `data-focus-home` it had around it (its card, the list's dialog).
import { useRef } from "react";
import { focusHomeOf, focusedElement } from "./focus-home";

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
    const element = target.current?.isConnected ? target.current : home.current;
    target.current = null;
    home.current = null;
    // another modal has it
    if (focusedElement()?.closest('[role="dialog"], [role="alertdialog"]')) return;
    if (element?.isConnected) element.focus();
  };

  return { onOpenAutoFocus, onCloseAutoFocus };
}
