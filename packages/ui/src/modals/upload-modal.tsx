import {
  INVALID_FILE_TYPE_MESSAGE,
  UPLOAD_ACCEPT,
  isAcceptedUpload,
} from "@life-admin/domain/forms";
// spec 2, 5: the Upload Files modal: a drop zone over a real file input, the accepted types only,
// the first dropped file only, a preview with Remove, Cancel and Done. issue 21: Done sends the
// file, with a progress bar, then "Reading..." while the assistant reads it; a refusal keeps the
// file chosen (to try again); a file stored but not readable offers "Fill in myself" and "Keep the
// file only" (focus moves there: Done has gone). What was said of a file goes when another is
// chosen (onFileChange), so the next file can be sent.
import { FileText, UploadCloud } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import { VisuallyHidden } from "../base/visually-hidden";
import styles from "./upload-modal.module.css";

export const UPLOAD_TITLE = "Upload Files";
export const UPLOADING_LABEL = "Uploading...";
export const READING_LABEL = "Reading...";
/** While a stored file is read: Cancel closes the dialog, not the file's upload or reading. */
export const READING_KEPT_TEXT =
  "It is already in your documents: closing this does not stop the reading.";
/** While a stored file is read and the app has lost the connection to see how it went. */
export const CONNECTION_LOST_TEXT = "The connection was lost: trying again.";
/** While a stored file is read and the server failed to say how it went (a 5xx). */
export const SERVER_TROUBLE_TEXT = "The server had a problem: trying again.";
const RETRYING_TEXT = { connection: CONNECTION_LOST_TEXT, server: SERVER_TROUBLE_TEXT };
/**
 * Where a stored file is found, said before the dialog closes on it: the page has no place for it
 * after (a notice there would cost the dashboard's first download bytes it has not got, issue 7).
 */
export const KEPT_IN_DOCUMENTS_TEXT = "It is kept in your Documents (in the account menu).";
export const FILL_IN_LABEL = "Fill in myself";
export const KEEP_FILE_ONLY_LABEL = "Keep the file only";

/** A file stored but not read: why, and the person's ways on. */
export interface UnreadableUpload {
  reason: string;
  /** The Add form, empty, the file linked to what is saved. */
  onFillIn: () => void;
  /** Nothing else saved: the file stays in the documents. */
  onKeepFile: () => void;
}

export interface UploadModalProps {
  open: boolean;
  /** Cancel, Escape, the overlay and the Close button. */
  onClose: () => void;
  /** Done with the chosen file: the app sends it. */
  onDone: (file: File) => void;
  /** While the file is sent: the share of it sent, 0 to 1 (Done reads "Uploading..."). */
  progress?: number | null;
  /** Sent and stored: the file is being read (Done reads "Reading..."). */
  reading?: boolean;
  /**
   * While reading: why the app could not see how the reading went, and tries again (the
   * connection dropped, or the server failed).
   */
  retrying?: "connection" | "server" | null;
  /** Why the file was not taken; it stays chosen. */
  error?: string | null;
  /**
   * The chosen file is already stored (the error says what went wrong after): Done is off until
   * another is chosen, so that it is never sent twice.
   */
  sent?: boolean;
  /** Stored, but nothing could be read from it. */
  unreadable?: UnreadableUpload | null;
  /**
   * Another file chosen, or the file removed: a refusal or "could not read" of the file before
   * no longer stands (the app clears `error` and `unreadable`).
   */
  onFileChange?: () => void;
}

export function UploadModal({ open, onClose, ...body }: UploadModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={UPLOAD_TITLE}>
      {/* Inside the dialog's content, so the chosen file is forgotten when the modal closes. */}
      <UploadBody onClose={onClose} {...body} />
    </Modal>
  );
}

function UploadBody({
  onClose,
  onDone,
  progress = null,
  reading = false,
  retrying = null,
  error: refusal = null,
  sent = false,
  unreadable = null,
  onFileChange,
}: Omit<UploadModalProps, "open">) {
  const busy = progress !== null || reading;
  const inputId = useId();
  const formatsId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fillIn = useRef<HTMLButtonElement>(null);
  // Done, which had focus, leaves as the file is found unreadable: focus to the way on.
  const cannotRead = unreadable !== null;
  useEffect(() => {
    if (cannotRead) fillIn.current?.focus();
  }, [cannotRead]);

  const choose = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!isAcceptedUpload(candidate)) {
      setError(INVALID_FILE_TYPE_MESSAGE);
      return;
    }
    setError(null);
    setFile(candidate);
    onFileChange?.();
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    // spec 5: only the first dropped file is used.
    choose(event.dataTransfer.files[0]);
  };

  return (
    <div className={styles.body}>
      {/* Dropping is a pointer-only shortcut; keyboards and screen readers use the labelled file
          input inside, which does the same thing. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above */}
      <div
        className={cx(styles.zone, dragging && styles.dragging)}
        onDragOver={onDragOver}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          className={styles.input}
          aria-describedby={formatsId}
          disabled={busy}
          onChange={(event) => {
            choose(event.currentTarget.files?.[0]);
            // Let the same file be chosen again after Remove.
            event.currentTarget.value = "";
          }}
        />
        <label htmlFor={inputId} className={styles.label}>
          <span className={styles.zoneIcon} aria-hidden="true">
            <UploadCloud size={24} />
          </span>
          <span className={styles.prompt}>
            Drag and drop files here or click here to take a picture
          </span>
          <span id={formatsId} className={styles.formats} aria-hidden="true">
            Supported formats: PDF, JPG, PNG, DOC, DOCX
          </span>
        </label>
      </div>

      <ErrorBanner
        message={error ?? (refusal && sent ? `${refusal} ${KEPT_IN_DOCUMENTS_TEXT}` : refusal)}
      />

      {file && (
        <div className={styles.file}>
          <FileText className={styles.fileIcon} size={20} aria-hidden="true" />
          <span className={styles.fileName}>{file.name}</span>
          <Button
            variant="ghost"
            size="small"
            aria-label={`Remove ${file.name}`}
            disabled={busy}
            onClick={() => {
              setFile(null);
              setError(null);
              onFileChange?.();
              // The button leaves with the file: focus goes back to choosing one.
              document.getElementById(inputId)?.focus();
            }}
          >
            Remove
          </Button>
        </div>
      )}

      {progress !== null && (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label={file ? `Uploading ${file.name}` : UPLOADING_LABEL}
        />
      )}
      {/* In the document before anything is said in it, so that each step is announced; the file
          chosen too (shown above, so said here only to screen readers). */}
      <p role="status" className={styles.status}>
        {reading ? (
          `${READING_LABEL}${retrying ? ` ${RETRYING_TEXT[retrying]}` : ""}`
        ) : progress !== null ? (
          UPLOADING_LABEL
        ) : file ? (
          <VisuallyHidden>{`${file.name} chosen`}</VisuallyHidden>
        ) : (
          ""
        )}
      </p>
      {reading && <p className={styles.status}>{READING_KEPT_TEXT}</p>}

      {unreadable ? (
        <>
          <div role="alert" className={styles.unreadable}>
            We could not read this file: {unreadable.reason} {KEPT_IN_DOCUMENTS_TEXT}
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={unreadable.onKeepFile}>
              {KEEP_FILE_ONLY_LABEL}
            </Button>
            <Button ref={fillIn} variant="primary" onClick={unreadable.onFillIn}>
              {FILL_IN_LABEL}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={!file || sent}
            busy={busy}
            busyText={reading ? READING_LABEL : UPLOADING_LABEL}
            onClick={() => {
              if (file) onDone(file);
            }}
          >
            Done
          </Button>
        </div>
      )}
    </div>
  );
}
