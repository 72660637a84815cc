import {
  INVALID_FILE_TYPE_MESSAGE,
  UPLOAD_ACCEPT,
  isAcceptedUpload,
} from "@life-admin/domain/forms";
// spec 2, 5: the Upload Files modal: a drop zone over a real file input, the accepted types only,
// the first dropped file only, a preview with Remove, Cancel and Done. issue 21: Done sends the
// file, with a progress bar, then "Reading..." while the assistant reads it; a refusal keeps the
// file chosen (to try again); a file stored but not readable offers "Fill in myself" and "Keep the
// file only" (focus moves there: Done has gone), and so does a reading the app stopped waiting
// for ("Try again"). What was said of a file goes when another is chosen (onFileChange), so the
// next file can be sent.
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
/** Why the app stopped waiting for the reading, to be said before where the file is. */
const STALLED_TEXT = {
  connection: "The connection is still lost, so we cannot see how the reading went.",
  server: "The server is still failing, so we cannot see how the reading went.",
};
/** What the person can do once the app stopped waiting: the file is stored already. */
const STALLED_WAYS_ON_TEXT =
  "There, “Make from it” makes a task or subscription from it. Or try again now.";
const TRY_AGAIN_LABEL = "Try again";
const LEAVE_IN_DOCUMENTS_LABEL = "Leave it in Documents";
/**
 * Where a stored file is found, said before the dialog closes on it, with the way there (the page's
 * notice after "Keep the file only" names the place, not the way).
 */
export const KEPT_IN_DOCUMENTS_TEXT = "It is kept in your Documents (in the account menu).";
export const FILL_IN_LABEL = "Fill in myself";
export const KEEP_FILE_ONLY_LABEL = "Keep the file only";

/** A stored file whose reading the app stopped waiting for, after failing to see it for long. */
export interface StalledUpload {
  reason: "connection" | "server";
  /** Waits for the reading again. */
  onTryAgain: () => void;
}

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
  /** Stored, but how its reading went could not be seen for too long (the app stopped asking). */
  stalled?: StalledUpload | null;
  /**
   * Another file chosen, or the file removed: a refusal or "could not read" of the file before
   * no longer stands (the app clears `error`, `unreadable` and `stalled`).
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
  stalled = null,
  onFileChange,
}: Omit<UploadModalProps, "open">) {
  const busy = progress !== null || reading;
  const inputId = useId();
  const formatsId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const wayOn = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  // Done, which had focus, leaves as the file is found unreadable or the waiting stops: focus to
  // the way on; and back on Done ("Reading...") as "Try again" leaves, so that it is not lost.
  const stopped = unreadable ? "unreadable" : stalled ? "stalled" : null;
  const stoppedBefore = useRef(stopped);
  useEffect(() => {
    if (stopped) wayOn.current?.focus();
    else if (stoppedBefore.current === "stalled" && reading) done.current?.focus();
    stoppedBefore.current = stopped;
  }, [stopped, reading]);

  // What is said where the upload stopped short of a form, with a way to leave and a way on.
  const stoppedShort = unreadable
    ? {
        message: `We could not read this file: ${unreadable.reason} ${KEPT_IN_DOCUMENTS_TEXT}`,
        leaveLabel: KEEP_FILE_ONLY_LABEL,
        leave: unreadable.onKeepFile,
        goOnLabel: FILL_IN_LABEL,
        goOn: unreadable.onFillIn,
      }
    : stalled && {
        message: `${STALLED_TEXT[stalled.reason]} ${KEPT_IN_DOCUMENTS_TEXT} ${STALLED_WAYS_ON_TEXT}`,
        leaveLabel: LEAVE_IN_DOCUMENTS_LABEL,
        leave: onClose,
        goOnLabel: TRY_AGAIN_LABEL,
        goOn: stalled.onTryAgain,
      };

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

      {stoppedShort ? (
        <>
          <div role="alert" className={styles.stopped}>
            {stoppedShort.message}
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={stoppedShort.leave}>
              {stoppedShort.leaveLabel}
            </Button>
            <Button ref={wayOn} variant="primary" onClick={stoppedShort.goOn}>
              {stoppedShort.goOnLabel}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            ref={done}
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
