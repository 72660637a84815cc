import {
  INVALID_FILE_TYPE_MESSAGE,
  UPLOAD_ACCEPT,
  isAcceptedUpload,
} from "@life-admin/domain/forms";
// spec 2, 5: the Upload Files modal: a drop zone over a real file input, the accepted types only,
// the first dropped file only, a preview with Remove, Cancel and Done.
import { FileText, UploadCloud } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import styles from "./upload-modal.module.css";

export const UPLOAD_TITLE = "Upload Files";
export const UPLOADING_LABEL = "Uploading...";

export interface UploadModalProps {
  open: boolean;
  /** Cancel, Escape, the overlay and the Close button. */
  onClose: () => void;
  /** Done with the chosen file (spec 2: for now the web app only closes the modal). */
  onDone: (file: File) => void;
  /** While busy Done reads "Uploading..." and is disabled. */
  busy?: boolean;
}

export function UploadModal({ open, onClose, onDone, busy = false }: UploadModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={UPLOAD_TITLE}>
      {/* Inside the dialog's content, so the chosen file is forgotten when the modal closes. */}
      <UploadBody onClose={onClose} onDone={onDone} busy={busy} />
    </Modal>
  );
}

function UploadBody({ onClose, onDone, busy }: Omit<UploadModalProps, "open"> & { busy: boolean }) {
  const inputId = useId();
  const formatsId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!isAcceptedUpload(candidate)) {
      setError(INVALID_FILE_TYPE_MESSAGE);
      return;
    }
    setError(null);
    setFile(candidate);
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

      <ErrorBanner message={error} />

      {file && (
        <div className={styles.file}>
          <FileText className={styles.fileIcon} size={20} aria-hidden="true" />
          <span className={styles.fileName}>{file.name}</span>
          <Button
            variant="ghost"
            size="small"
            disabled={busy}
            onClick={() => {
              setFile(null);
              setError(null);
            }}
          >
            Remove
          </Button>
        </div>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="primary"
          disabled={!file}
          busy={busy}
          busyText={UPLOADING_LABEL}
          onClick={() => {
            if (file) onDone(file);
          }}
        >
          Done
        </Button>
      </div>
    </div>
  );
}
