// Where an open modal scrolls (its body, or the whole dialog in a short window: modal.module.css)
// and keeping a control reached by keyboard inside that view (WCAG 1.4.10, 2.4.11).
import { type FocusEvent, useLayoutEffect, useState } from "react";

/** The height of the title stuck at the top of a dialog that scrolls as one, on the dialog. */
const STUCK_TITLE = "--stuck-title-height";

/**
 * The body, or the whole dialog in a short window, where the body stops scrolling on its own
 * (modal.module.css). Read from the dialog's style, so that the media query is written once; read
 * again as the window changes size (zoom too). A change of the browser's text size is no resize:
 * an open dialog keeps what it read until it next opens.
 *
 * A dialog that scrolls keeps its `title` stuck at its top (modal.module.css): the title's height
 * is kept on it (measured, since a long title wraps) for revealFocused, so that a control focus
 * scrolls into view stops below the title, not under it (WCAG 2.4.11). Not as scroll padding,
 * which the browser's own scrolling to focus follows too: Close, stuck beside the title, inside
 * that padding, scrolled the form away each time it took focus.
 */
export function useScrollingBox(
  body: HTMLElement | null,
  title: HTMLElement | null,
): HTMLElement | null {
  const [dialogScrolls, setDialogScrolls] = useState(false);
  useLayoutEffect(() => {
    const dialog = body?.parentElement;
    if (!dialog) return;
    const read = () => {
      const scrolls = getComputedStyle(dialog).overflowY === "auto";
      setDialogScrolls(scrolls);
      const covered = scrolls && title ? title.offsetHeight : 0;
      dialog.style.setProperty(STUCK_TITLE, `${String(covered)}px`);
    };
    read();
    window.addEventListener("resize", read);
    return () => {
      window.removeEventListener("resize", read);
    };
  }, [body, title]);
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
  // Close, stuck at the top of a dialog that scrolls as one, is in view wherever it scrolls to:
  // taken for hidden under the title beside it, it scrolled the form from under the person.
  if (getComputedStyle(target).position === "sticky") return;
  for (let box = target.parentElement; box && dialog.contains(box); box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowY !== "auto" && style.overflowY !== "scroll") continue;
    const edges = box.getBoundingClientRect();
    // What shows of the box: below the title stuck at the dialog's top (useScrollingBox); the
    // property is inherited, so a box inside the dialog reads none.
    const covered = box === dialog ? parseFloat(style.getPropertyValue(STUCK_TITLE)) || 0 : 0;
    const view = { top: edges.top + covered, bottom: edges.bottom };
    const shown = target.getBoundingClientRect();
    // One taller than the view (the All lists' body, in a short window) is left where it is
    // while any of it shows: "nearest" would move its top to the view's.
    const hidden =
      shown.height > view.bottom - view.top
        ? shown.bottom <= view.top || shown.top >= view.bottom
        : shown.top < view.top || shown.bottom > view.bottom;
    if (!hidden) return;
    // Above the view, brought just under the title: scrollIntoView would leave it under it.
    if (shown.top < view.top && shown.height <= view.bottom - view.top) {
      box.scrollTop -= view.top - shown.top;
    } else {
      target.scrollIntoView({ block: "nearest" });
    }
    return;
  }
}
