// A link of the app's own pages (open it in a new tab, copy it) that a plain press follows inside
// the app, without loading the page again: a press with a modifier (a new tab or window, Alt's
// download) or of another button stays the browser's.
import type { MouseEvent } from "react";

/** The link's onClick: a plain press does `go` instead of loading the link's address. */
export function followInApp(go: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    go();
  };
}
