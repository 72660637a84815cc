// spec 2: the Add New Task/Subscription modal's shell: the two tabs, the error banner above the
// form, and a slot per tab for the web app's react-hook-form form (which ends in FormActions).
// issue 18: the same modal edits a record: "Edit task" or "Edit subscription", that form alone.
// issue 21: opened on a document the assistant has read, it says so above the tabs, and focus
// starts on the form's first field to check (or its first field), not on the note's "Keep the file
// only".
import type { ReactNode } from "react";
import { ErrorBanner } from "../base/error-banner";
import { FieldStack } from "../base/field";
import { Modal } from "../base/modal";
import { Tabs } from "../base/tabs";

export const ADD_ITEM_TITLE = "Add New Task/Subscription";
export const EDIT_TITLES = { task: "Edit task", subscription: "Edit subscription" } as const;

/** spec 3: the form type, "task" by default. */
export type AddItemTab = "task" | "subscription";

export interface AddItemModalProps {
  open: boolean;
  onClose: () => void;
  tab: AddItemTab;
  onTabChange: (tab: AddItemTab) => void;
  /** The server's or the client's message, shown above the form (spec 2). */
  error?: string | null;
  taskForm: ReactNode;
  subscriptionForm: ReactNode;
  /** The kind of record being edited (issue 18); the modal adds one when this is left out. */
  editing?: AddItemTab;
  /** What the forms start from, or the record came from (issue 21: the document, its actions). */
  source?: ReactNode;
  /** Focus starts on the first field marked to check, else the first field (issue 21). */
  startOnField?: boolean;
  /**
   * The ids of the text in `source` that describes the dialog (what the form was filled in from,
   * that it was given back after a sign-in ended), in an add and in an edit alike.
   */
  describedBy?: string;
}

/** The first control of a field marked to check (Field's data-flagged), else the form's first. */
function fieldToStartOn(dialog: HTMLElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>(
      "[data-flagged] input, [data-flagged] select, [data-flagged] textarea",
    ) ?? dialog.querySelector<HTMLElement>("form input, form select, form textarea")
  );
}

export function AddItemModal({
  open,
  onClose,
  tab,
  onTabChange,
  error,
  taskForm,
  subscriptionForm,
  editing,
  source,
  startOnField = false,
  describedBy,
}: AddItemModalProps) {
  const banner = <ErrorBanner message={error} />;
  if (editing) {
    return (
      <Modal open={open} onClose={onClose} title={EDIT_TITLES[editing]} describedBy={describedBy}>
        {source}
        <Slot banner={banner}>{editing === "task" ? taskForm : subscriptionForm}</Slot>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ADD_ITEM_TITLE}
      describedBy={describedBy}
      initialFocus={startOnField ? fieldToStartOn : undefined}
    >
      {source}
      <Tabs
        label="What to add"
        value={tab}
        onValueChange={onTabChange}
        items={[
          { value: "task", label: "Task", content: <Slot banner={banner}>{taskForm}</Slot> },
          {
            value: "subscription",
            label: "Subscription",
            content: <Slot banner={banner}>{subscriptionForm}</Slot>,
          },
        ]}
      />
    </Modal>
  );
}

function Slot({ banner, children }: { banner: ReactNode; children: ReactNode }) {
  return (
    <FieldStack>
      {banner}
      {children}
    </FieldStack>
  );
}
