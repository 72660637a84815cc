// Above an Add or Edit form given back after its session ended before it was saved (the web
// app's kept-form.ts): that it was, and what saving it does now. It is there as the dialog opens,
// not news to a live region (which a screen reader is not told of when it arrives with the dialog):
// the dialog names it as its description, read out as focus enters.
import { History } from "lucide-react";
import styles from "./form-note.module.css";

export interface KeptFormNoteProps {
  item: "task" | "subscription";
  /** The record the form was editing has been deleted since: saving adds it again. */
  deleted: boolean;
  /** For the dialog's aria-describedby. */
  id?: string;
}

export function KeptFormNote({ item, deleted, id }: KeptFormNoteProps) {
  return (
    <div className={styles.note}>
      <History className={styles.icon} size={18} aria-hidden="true" />
      <p id={id} className={styles.text}>
        {deleted
          ? `You were signed out before this was saved, and the ${item} has been deleted since: saving adds it again.`
          : "You were signed out before this was saved. Here is what you had typed: check it and save."}
      </p>
    </div>
  );
}
