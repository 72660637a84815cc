// issue 21: the Documents view: every file the person has kept, newest first, with its type, size
// and the day it was kept (on the person's calendar), whether it is still being read (or why it
// could not be), what was made from it, and Download and Delete (after a question: what was made
// from it stays). A file nothing was made from yet (its form closed, "Keep the file only", or
// unreadable) offers "Make from it": the Add form, prefilled with what was read, as after an
// upload. With no file yet, the empty list offers "Upload File" itself, so a first visit does not
// end on a list that says what to do but not how. A search finds files by their name, their type
// and what was made from them (modals/list-search.tsx).
import { formatMomentDate } from "@life-admin/domain";
import { Download, FileImage, FilePlus, FileText, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "../base/button";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import { useRowFocus } from "../base/use-row-focus";
import { DeleteDialog } from "../modals/delete-dialog";
import { noMatchText, searchCount, useListQuery, useSearchedRecords } from "../modals/list-query";
import { ListSearch } from "../modals/list-search";
import { documentTypeText, fileSizeText } from "./document-text";
import styles from "./documents-modal.module.css";

export const DOCUMENTS_TITLE = "Documents";
export const LOADING_DOCUMENTS_TEXT = "Loading your documents...";
export const NO_DOCUMENTS_TEXT =
  "No documents yet. Upload a bill, a renewal notice or a letter and it is kept here, beside what you make from it.";
export const FILE_KEPT_CONSEQUENCE = "What was made from it stays.";
export const SEARCH_DOCUMENTS_LABEL = "Search documents";

const NO_DOCUMENTS: readonly DocumentItem[] = [];
const searchedPartsOf = (document: DocumentItem) => [
  document.name,
  documentTypeText(document.content_type),
  ...document.madeInto,
];

/** A stored file as the list shows it. */
export interface DocumentItem {
  id: number;
  name: string;
  content_type: string;
  size: number;
  created_at: string;
  status: "reading" | "read" | "unreadable";
  error: string | null;
  /** The tasks and subscriptions made from it, by name. */
  madeInto: readonly string[];
}

export interface DocumentsModalProps {
  open: boolean;
  onClose: () => void;
  /** The files, newest first; null while they load. */
  documents: readonly DocumentItem[] | null;
  /** Why the list could not be loaded, or a download or delete failed. */
  error?: string | null;
  locale?: string;
  /** The person's IANA time zone, whose calendar dates the files (the runtime's when undefined). */
  timeZone?: string;
  onDownload: (document: DocumentItem) => void;
  /** Delete, confirmed. */
  onDelete: (document: DocumentItem) => void;
  /** "Make from it": a task or subscription from a file nothing was made from yet. */
  onMakeFrom?: (document: DocumentItem) => void;
  /** The empty list's "Upload File": Upload Files in place of this list. */
  onUpload?: () => void;
}

/** Read (or found unreadable) and nothing made from it: the person may still make something. */
function awaitsMaking(document: DocumentItem): boolean {
  return document.status !== "reading" && document.madeInto.length === 0;
}

function statusText(document: DocumentItem): string {
  switch (document.status) {
    case "reading":
      return "Reading...";
    case "unreadable":
      return `Could not be read${document.error ? `: ${document.error}` : ""}`;
    case "read":
      return document.madeInto.length > 0
        ? `Made into ${document.madeInto.join(", ")}`
        : "Nothing made from it yet";
    default: {
      const never: never = document.status;
      return never;
    }
  }
}

export function DocumentsModal({
  open,
  onClose,
  documents,
  error,
  locale,
  timeZone,
  onDownload,
  onDelete,
  onMakeFrom,
  onUpload,
}: DocumentsModalProps) {
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  // A deleted file's row leaves: focus to the next file's Delete, else the dialog.
  const rowFocus = useRowFocus();
  const search = useListQuery(open);
  const all = documents ?? NO_DOCUMENTS;
  const shown = useSearchedRecords(all, searchedPartsOf, search.shownQuery);
  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title={DOCUMENTS_TITLE}
        tools={
          all.length > 0 && (
            <ListSearch
              label={SEARCH_DOCUMENTS_LABEL}
              search={search}
              count={searchCount(shown.length, all.length, "document", search.shownQuery, locale)}
            />
          )
        }
        banner={<ErrorBanner message={error} />}
      >
        {documents === null && <p role="status">{LOADING_DOCUMENTS_TEXT}</p>}
        {documents?.length === 0 && (
          <div className={styles.emptyState}>
            <p className={styles.empty}>{NO_DOCUMENTS_TEXT}</p>
            {onUpload !== undefined && (
              <Button variant="primary" onClick={onUpload}>
                <Upload size={18} aria-hidden="true" />
                Upload File
              </Button>
            )}
          </div>
        )}
        {all.length > 0 && shown.length === 0 && (
          <p className={styles.empty}>{noMatchText("documents", search.shownQuery)}</p>
        )}
        {shown.length > 0 && (
          <ul ref={rowFocus} className={styles.list}>
            {shown.map((document) => {
              const Icon = document.content_type.startsWith("image/") ? FileImage : FileText;
              return (
                <li key={document.id} className={styles.item}>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon size={20} />
                  </span>
                  <div className={styles.text}>
                    <span className={styles.name}>{document.name}</span>
                    <span className={styles.meta}>
                      {documentTypeText(document.content_type)} ·{" "}
                      {fileSizeText(document.size, locale)} ·{" "}
                      {formatMomentDate(document.created_at, locale, timeZone, {
                        dateStyle: "medium",
                      })}
                    </span>
                    <span className={styles.meta} data-status={document.status}>
                      {statusText(document)}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    {onMakeFrom !== undefined && awaitsMaking(document) && (
                      <Button
                        size="small"
                        variant="ghost"
                        // WCAG 2.5.3: the name starts with the words shown, so that a person using
                        // speech says what they see; the rest names the file.
                        aria-label={`Make from it: a task or subscription from ${document.name}`}
                        onClick={() => {
                          onMakeFrom(document);
                        }}
                      >
                        <FilePlus size={16} aria-hidden="true" />
                        Make from it
                      </Button>
                    )}
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Download ${document.name}`}
                      onClick={() => {
                        onDownload(document);
                      }}
                    >
                      <Download size={16} aria-hidden="true" />
                      Download
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Delete ${document.name}`}
                      onClick={() => {
                        setDeleting(document);
                      }}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>
      <DeleteDialog
        open={deleting !== null}
        item="file"
        name={deleting?.name ?? ""}
        consequence={FILE_KEPT_CONSEQUENCE}
        onCancel={() => {
          setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting !== null) onDelete(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}
