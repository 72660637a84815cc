// The dashboard's dialogs in the browser's history, as people expect on a phone: Back closes the
// open dialog instead of leaving the page, and Forward (or a reload) opens a list again. Back does
// what Escape does, so every dialog answers it by its own rules: a form holding something typed
// asks before it is discarded (and stays, with its history entry, if the person keeps it), a
// question open over a form closes first. The entry is the dashboard's own (its address and
// react-router's state unchanged, a mark added), pushed when a dialog opens and gone back from
// when the dialog is closed inside the page. history is used directly, not react-router's
// navigate: the dashboard's chunk does not import react-router (page-arrival.ts says why).
import type { DashboardModal } from "@life-admin/ui";
import { useEffect, useRef, useState } from "react";
import { opensAgainFromHistory } from "./dashboard-modal";

/**
 * What a dialog entry names: a modal of the dashboard, the edit dialog on a record, or the
 * calendar's offer after "Save and add to calendar".
 */
export type ShownDialog = DashboardModal | "record" | "calendar-offer";

/** The mark's key in history.state, beside react-router's own keys. */
const DIALOG_MARK = "lifeAdminDialog";

/** The entry's mark: what `marked` wrote, or, from an older build, a name since gone. */
function markedDialog(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const mark = (state as Record<string, unknown>)[DIALOG_MARK];
  return typeof mark === "string" ? mark : null;
}

/** The current entry's state (react-router's keys kept) with `dialog` as its mark, or none. */
function marked(dialog: ShownDialog | null): unknown {
  const current = (window.history.state ?? {}) as Record<string, unknown>;
  const state = Object.fromEntries(Object.entries(current).filter(([key]) => key !== DIALOG_MARK));
  return dialog === null ? state : { ...state, [DIALOG_MARK]: dialog };
}

/** Radix, under every ui dialog, closes the top one on a keydown of Escape on the document. */
function pressEscape(): void {
  document.dispatchEvent(
    new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
  );
}

/**
 * Keeps the history entry in step with `shown` (the dialog open, or null); `reopen` opens a list
 * again that Forward or a reload comes back to.
 */
export function useDialogHistory(
  shown: ShownDialog | null,
  reopen: (modal: DashboardModal) => void,
): void {
  // Each history move (popstate) looks again, whether `shown` changed or not.
  const [moves, setMoves] = useState(0);
  const shownNow = useRef(shown);
  const shownBefore = useRef<ShownDialog | null>(null);
  // A back() of ours under way: its popstate is not the person's Back.
  const goingBack = useRef(false);

  useEffect(() => {
    shownNow.current = shown;
    const before = shownBefore.current;
    shownBefore.current = shown;
    if (goingBack.current) return;
    const entry = markedDialog(window.history.state);
    if (shown !== null) {
      // Opened, handed over (the chooser to the form), or kept open after a Back that asked.
      if (entry === null) window.history.pushState(marked(shown), "");
      else if (entry !== shown) window.history.replaceState(marked(shown), "");
      return;
    }
    if (entry === null) return;
    if (before !== null) {
      // Closed inside the page: its entry goes, so that Back then leaves the dashboard.
      goingBack.current = true;
      window.history.back();
    } else if (opensAgainFromHistory(entry)) {
      reopen(entry);
    } else {
      window.history.replaceState(marked(null), "");
    }
  }, [shown, moves, reopen]);

  useEffect(() => {
    const onMove = () => {
      if (goingBack.current) goingBack.current = false;
      else if (shownNow.current !== null && markedDialog(window.history.state) === null) {
        pressEscape();
      }
      setMoves((count) => count + 1);
    };
    window.addEventListener("popstate", onMove);
    return () => {
      window.removeEventListener("popstate", onMove);
    };
  }, []);
}
