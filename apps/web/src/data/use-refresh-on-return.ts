// A page left open in one tab while the person changes things in another (adds a task, marks one
// done, deletes a renewal) shows those changes when they come back to it: `refresh` runs when the
// tab is shown again or its window focused again after being left. Both events come on one return
// to a tab; being away is what makes one of them count, so a return refreshes once.
import { useEffect } from "react";

/** Calls `refresh` on each return to the page. `refresh` must be stable (useCallback). */
export function useRefreshOnReturn(refresh: () => void): void {
  useEffect(() => {
    let away = false;
    const leave = () => {
      away = true;
    };
    const come = () => {
      if (!away || document.visibilityState !== "visible") return;
      away = false;
      refresh();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") come();
      else leave();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("blur", leave);
    window.addEventListener("focus", come);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("blur", leave);
      window.removeEventListener("focus", come);
    };
  }, [refresh]);
}
