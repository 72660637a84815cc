// jsdom lays nothing out, and a long list in a modal renders only the rows in the body's view:
// these give the body a height and every row of cards a height, as a browser would, and stand in
// for ResizeObserver (which jsdom lacks and which never reports here).
import { fireEvent, within } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/** The modal body's height and every row's, in CSS pixels: three rows in view. */
export const VIEW_HEIGHT = 600;
export const ROW_HEIGHT = 200;

/** Lays out every test of the enclosing `describe`. */
export function withLayout(): void {
  beforeEach(() => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe = vi.fn();
        unobserve = vi.fn();
        disconnect = vi.fn();
      },
    );
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(VIEW_HEIGHT);
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(ROW_HEIGHT);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** Scrolls the dialog's body to `top` pixels, as a wheel or the keyboard would. */
export function scrollBody(dialog: HTMLElement, top: number): void {
  const body = within(dialog).getByRole("region");
  body.scrollTop = top;
  fireEvent.scroll(body);
}
