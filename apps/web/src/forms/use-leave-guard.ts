// A reload, a closed tab or a typed address would throw away what an open Add or Edit form holds,
// without the question its Close asks: while the form holds something typed, the browser asks
// first ("Leave site? Changes you made may not be saved."), in its own words, which no page may
// change. Asked at the moment of leaving, so typing needs no re-render to arm it.
import { useEffect } from "react";

/** While `open`, the browser asks before the page is left whenever `holdsTyping()` says so. */
export function useLeaveGuard(open: boolean, holdsTyping: () => boolean): void {
  useEffect(() => {
    if (!open) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!holdsTyping()) return;
      // Every current browser asks on preventDefault (Chromium since 119); returnValue, which
      // older ones needed, is deprecated.
      event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => {
      window.removeEventListener("beforeunload", ask);
    };
  });
}
