// issue 21: above the Add form opened on a document: which file it was read from, that the marked
// fields need a look, and "Keep the file only" (nothing else saved; the file stays). Above the edit
// form of a record made from one: the file, to download.
import { Paperclip, ScanSearch } from "lucide-react";
import { Button } from "../base/button";
import { KEEP_FILE_ONLY_LABEL } from "../modals/upload-modal";
import styles from "../forms/form-note.module.css";

export interface SourceDocumentNoteProps {
  name: string;
  /** Whether the assistant found something to fill in (else the form is empty). */
  read: boolean;
  /** Whether the form shown marks fields to check (the ones read with little confidence). */
  marked: boolean;
  onKeepFile: () => void;
  /** The id of what the note says (without its button), to describe the dialog it is in. */
  id?: string;
}

export function SourceDocumentNote({
  name,
  read,
  marked,
  onKeepFile,
  id,
}: SourceDocumentNoteProps) {
  return (
    <div className={styles.note}>
      <ScanSearch className={styles.icon} size={18} aria-hidden="true" />
      <p id={id} className={styles.text}>
        {read ? (
          <>
            Filled in from <strong>{name}</strong>.{" "}
            {marked
              ? "Check the marked fields before you save."
              : "Check what was read before you save."}
          </>
        ) : (
          <>
            What you save will be linked to <strong>{name}</strong>.
          </>
        )}
      </p>
      <Button size="small" variant="ghost" onClick={onKeepFile}>
        {KEEP_FILE_ONLY_LABEL}
      </Button>
    </div>
  );
}

export interface MadeFromNoteProps {
  /** The file's name; null while it loads. */
  name: string | null;
  onDownload: () => void;
}

/** "Made from netflix-bill.pdf", with Download: the edit form of a record made from a file. */
export function MadeFromNote({ name, onDownload }: MadeFromNoteProps) {
  return (
    <div className={styles.note}>
      <Paperclip className={styles.icon} size={18} aria-hidden="true" />
      <p className={styles.text}>
        Made from <strong>{name ?? "a stored file"}</strong>
      </p>
      <Button
        size="small"
        variant="ghost"
        aria-label={name ? `Download ${name}` : "Download the file"}
        onClick={onDownload}
      >
        Download
      </Button>
    </div>
  );
}
