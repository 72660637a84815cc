// issue 19: a short note about something that just happened elsewhere on the page ("Saved. It will
// appear in your calendar."), in a polite live region that is in the document before the note
// arrives (so that it is announced), shown at the foot of the window until dismissed. A note may
// offer one action beside it ("Undo"), which never takes focus on its own; pressed, and gone with
// the note that follows, it leaves focus on that note rather than dropping it to the page (the
// keyboard's place is kept, and the note is read out). Dismissed from the keyboard, the note takes
// focus with it back to where the person was before they reached it (notice-focus.ts), so the
// next Tab goes on from there, not from the top of the page. While a list dialog
// is open, it shows at the foot of the topmost one instead (notice-outlet.ts), where it is seen,
// heard and reached by keyboard.
import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { type FocusOrigin, focusOrigin, returnFocus, returnPlaces } from "../base/notice-focus";
import { useTopmostNoticeOutlet } from "../base/notice-outlet";
import styles from "./status-notice.module.css";

export interface StatusNoticeProps {
  /** The note; empty or null shows nothing (the region stays, silent). */
  message: string | null;
  onDismiss: () => void;
  /** A button after the note, e.g. "Undo". */
  action?: { label: string; onAction: () => void } | undefined;
}

export function StatusNotice({ message, onDismiss, action }: StatusNoticeProps) {
  const outlet = useTopmostNoticeOutlet();
  const note = useRef<HTMLParagraphElement>(null);
  const actionPressed = useRef(false);
  const hasAction = Boolean(message && action);
  useLayoutEffect(() => {
    if (!actionPressed.current || hasAction) return;
    actionPressed.current = false;
    if (message) note.current?.focus();
  }, [message, hasAction]);
  /** Where focus came from into the note, kept while it moves between the note's own controls. */
  const cameFrom = useRef<FocusOrigin | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // A new box when the note moves into or out of a dialog (the portal's outlet).
  useEffect(() => {
    const notice = box.current;
    if (!notice) return;
    const entered = (event: FocusEvent) => {
      cameFrom.current = focusOrigin(notice, event.relatedTarget, cameFrom.current);
    };
    notice.addEventListener("focusin", entered);
    return () => {
      notice.removeEventListener("focusin", entered);
    };
  }, [outlet]);
  /** Set by a press of Dismiss from the keyboard: where focus goes once the note is gone. */
  const focusGoesTo = useRef<HTMLElement[] | null>(null);
  useLayoutEffect(() => {
    if (message || !focusGoesTo.current) return;
    returnFocus(focusGoesTo.current);
    focusGoesTo.current = null;
  }, [message]);
  const notice = (
    <div
      ref={box}
      className={styles.notice}
      data-empty={!message || undefined}
      data-in-dialog={outlet !== null || undefined}
    >
      <p role="status" className={styles.message} ref={note} tabIndex={-1}>
        {message}
      </p>
      {message && action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            actionPressed.current = true;
            action.onAction();
          }}
        >
          {action.label}
        </button>
      )}
      {message && (
        <button
          type="button"
          className={styles.dismiss}
          aria-label="Dismiss"
          onClick={(event) => {
            // detail 0: pressed from the keyboard (or a screen reader), not by a pointer, whose
            // press leaves focus alone: moving it would scroll the page under the pointer.
            if (event.detail === 0) {
              focusGoesTo.current = returnPlaces(cameFrom.current, event.currentTarget);
            }
            onDismiss();
          }}
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
  return outlet === null ? notice : createPortal(notice, outlet);
}
