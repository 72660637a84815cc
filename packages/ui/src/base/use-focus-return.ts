// Where focus goes when a modal closes: back to what had it before the modal opened.
// Radix Dialog returns focus to its own Trigger, which our modals do not use (the web app opens
// them from any button), so we record and restore the element ourselves. In the modal chain
// (chooser, then Add Task) the second modal opens while focus is nowhere, so it inherits the
// first one's element, and a closing modal never pulls focus out of another open dialog.
import { useRef } from "react";

let lastReturnTarget: HTMLElement | null = null;

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return active;
}

export function useFocusReturn() {
  const target = useRef<HTMLElement | null>(null);

  const onOpenAutoFocus = () => {
    target.current = focusedElement() ?? lastReturnTarget;
    lastReturnTarget = target.current;
  };

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const element = target.current;
    target.current = null;
    if (focusedElement()?.closest('[role="dialog"]')) return; // another modal has it
    if (element?.isConnected) element.focus();
  };

  return { onOpenAutoFocus, onCloseAutoFocus };
}
