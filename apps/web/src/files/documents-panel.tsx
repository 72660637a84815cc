// issue 21: the Documents view as the app runs it: the person's files (GET /files/), loaded when it
// opens, each with what was made from it (the listed tasks and subscriptions that point at it);
// Download saves the original bytes under the file's name; Delete, once confirmed, removes the
// file (what was made from it stays) and the list follows; "Make from it" closes the list and opens
// the Add form from the file, as an upload does. A failure says so and loses nothing. A file still
// being read ("Reading...") is looked at again while the list is open, until it is read.
import type { StoredFile, Subscription, Task } from "@life-admin/domain";
import { type DocumentItem, DocumentsModal } from "@life-admin/ui";
import { useEffect, useMemo, useState } from "react";
import { saveFile } from "../data/save-file";
import type { SourceDocument } from "../forms/dialog-subjects";
import { handOver } from "../forms/hand-over";
import { useServices } from "../use-services";
import { fileCalls } from "@life-admin/api-client/files";
import { nextLookMs } from "./reading-looks";

export interface DocumentsPanelProps {
  open: boolean;
  onClose: () => void;
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  locale?: string;
  /** The person's time zone (the runtime's when undefined), whose calendar dates the files. */
  timeZone: string | undefined;
  /** The Add form, from a file nothing was made from yet (with what was read from it). */
  onAddFrom: (source: SourceDocument) => void;
  /** Upload Files, from the empty list. */
  onUpload: () => void;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/** What was made from each file, by the file's id. */
function madeFrom(
  tasks: readonly Task[],
  subscriptions: readonly Subscription[],
): Map<number, string[]> {
  const made = new Map<number, string[]>();
  const add = (fileId: number | null | undefined, name: string) => {
    if (fileId === null || fileId === undefined) return;
    made.set(fileId, [...(made.get(fileId) ?? []), name]);
  };
  for (const task of tasks) add(task.file_id, task.title);
  for (const subscription of subscriptions) add(subscription.file_id, subscription.name);
  return made;
}

export function DocumentsPanel({
  open,
  onClose,
  tasks,
  subscriptions,
  locale,
  timeZone,
  onAddFrom,
  onUpload,
}: DocumentsPanelProps) {
  const { client } = useServices();
  const [files, setFiles] = useState<StoredFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // How many times the files being read have been looked at again since the list was opened.
  const [looks, setLooks] = useState(0);
  // Loaded afresh at each opening: files are read (and made into records) in the background.
  useEffect(() => {
    if (!open) return;
    let current = true;
    fileCalls(client)
      .list()
      .then(
        (listed) => {
          if (!current) return;
          setFiles(listed);
          setLooks(0);
          setError(null);
        },
        (failure: unknown) => {
          console.error(failure);
          if (current) setError(`Your documents could not be loaded: ${messageOf(failure)}`);
        },
      );
    return () => {
      current = false;
    };
  }, [open, client]);

  // Each list that still has a file being read is followed by another look, backing off.
  const reading = open && files?.some((file) => file.status === "reading") === true;
  useEffect(() => {
    if (!reading) return;
    let current = true;
    const timer = setTimeout(() => {
      fileCalls(client)
        .list()
        .then(
          (listed) => {
            if (!current) return;
            setFiles(listed);
            setLooks((count) => count + 1);
          },
          // The list shown stays; the next opening reads it afresh.
          (failure: unknown) => {
            console.error(failure);
          },
        );
    }, nextLookMs(looks));
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [reading, looks, client]);

  const made = useMemo(() => madeFrom(tasks, subscriptions), [tasks, subscriptions]);
  const documents = useMemo<DocumentItem[] | null>(
    () => files?.map((file) => ({ ...file, madeInto: made.get(file.id) ?? [] })) ?? null,
    [files, made],
  );

  return (
    <DocumentsModal
      open={open}
      onClose={onClose}
      documents={error !== null && files === null ? [] : documents}
      error={error}
      locale={locale}
      timeZone={timeZone}
      onUpload={onUpload}
      onDownload={(document) => {
        setError(null);
        fileCalls(client)
          .content(document.id)
          .then(
            (blob) => {
              saveFile(blob, document.name);
            },
            (failure: unknown) => {
              console.error(failure);
              setError(`Could not download “${document.name}”: ${messageOf(failure)}`);
            },
          );
      }}
      onMakeFrom={(document) => {
        const file = files?.find((listed) => listed.id === document.id);
        if (file === undefined) return;
        handOver(onClose, () => {
          onAddFrom({ id: file.id, name: file.name, proposal: file.proposal });
        });
      }}
      onDelete={(document) => {
        setError(null);
        fileCalls(client)
          .remove(document.id)
          .then(
            () => {
              setFiles((listed) => listed?.filter((file) => file.id !== document.id) ?? null);
            },
            (failure: unknown) => {
              console.error(failure);
              setError(`Could not delete “${document.name}”: ${messageOf(failure)}`);
            },
          );
      }}
    />
  );
}
