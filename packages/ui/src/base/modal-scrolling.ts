// Where an open modal scrolls (its body, or the whole dialog in a short window: modal.module.css)
// and keeping a control reached by keyboard inside that view (WCAG 1.4.10, 2.4.11).
import { type FocusEvent, useLayoutEffect, useState } from "react";

/**
 * The body, or the whole dialog in a short window, where the body stops scrolling on its own
 * (modal.module.css). Read from the dialog's style, so that the media query is written once; read
 * again as the window changes size (zoom too). A change of the browser's text size is no resize:
 * an open dialog keeps what it read until it next opens.
 */
export function useScrollingBox(body: HTMLElement | null): HTMLElement | null {
  const [dialogScrolls, setDialogScrolls] = useState(false);
  useLayoutEffect(() => {
    const dialog = body?.parentElement;
    if (!dialog) return;
    const read = () => {
      setDialogScrolls(getComputedStyle(dialog).overflowY === "auto");
    };
    read();
    window.addEventListener("resize", read);
    return () => {
      window.removeEventListener("resize", read);
    };
  }, [body]);
  return dialogScrolls ? (body?.parentElement ?? null) : body;
}

/**
 * Scrolls a control that takes focus from the keyboard into its scrolling box's view, when it is
 * not there already (WCAG 2.4.11). Radix's focus trap moves focus from the last control to the
 * first with preventScroll (@radix-ui/react-focus-scope), which left it far above the view. Only
 * for keyboard focus: a click's focus moving what is under the pointer would lose the click.
 */
export function revealFocused(event: FocusEvent<HTMLElement>): void {
  const { target, currentTarget: dialog } = event;
  if (target === dialog || !target.matches(":focus-visible")) return;
  for (let box = target.parentElement; box && dialog.contains(box); box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (overflowY !== "auto" && overflowY !== "scroll") continue;
    const view = box.getBoundingClientRect();
    const shown = target.getBoundingClientRect();
    // One taller than the view (the All lists' body, in a short window) is left where it is
    // while any of it shows: "nearest" would move its top to the view's.
    const hidden =
      shown.height > view.height
        ? shown.bottom <= view.top || shown.top >= view.bottom
        : shown.top < view.top || shown.bottom > view.bottom;
    if (hidden) target.scrollIntoView({ block: "nearest" });
    return;
  }
}
