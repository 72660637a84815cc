// issue 19: a short note about something that just happened elsewhere on the page ("Saved. It will
// appear in your calendar."), in a polite live region that is in the document before the note
// arrives (so that it is announced), shown at the foot of the window until dismissed. A note may
// offer one action beside it ("Undo"), which never takes focus on its own; pressed, and gone with
// the note that follows, it leaves focus on that note rather than dropping it to the page (the
// keyboard's place is kept, and the note is read out). While a list dialog
// is open, it shows at the foot of the topmost one instead (notice-outlet.ts), where it is seen,
// heard and reached by keyboard.
import { X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
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
  const notice = (
    <div
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
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
  return outlet === null ? notice : createPortal(notice, outlet);
}
