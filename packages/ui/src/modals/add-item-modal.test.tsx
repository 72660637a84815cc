import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  ADDING_LABEL,
  CANCEL_LABEL,
  FormActions,
  SUBSCRIPTION_SUBMIT_LABEL,
  TASK_SUBMIT_LABEL,
} from "../base/form-actions";
import { TextInput } from "../base/controls";
import { Field } from "../base/field";
import { SourceDocumentNote } from "../files/source-document-note";
import { axeViolations } from "../test/axe";
import { AddItemModal, type AddItemTab } from "./add-item-modal";

interface HarnessProps {
  editing?: AddItemTab;
  error?: string | null;
  busy?: boolean;
  onSubmit?: (tab: AddItemTab) => void;
  onClose?: () => void;
}

/** The modal with two minimal forms standing in for the web app's react-hook-form forms. */
function Harness({
  editing,
  error = null,
  busy = false,
  onSubmit = vi.fn(),
  onClose = vi.fn(),
}: HarnessProps) {
  const [tab, setTab] = useState<AddItemTab>("task");
  const form = (which: AddItemTab, submitLabel: string) => (
    <form
      aria-label={`${which} form`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(which);
      }}
    >
      <label>
        {which === "task" ? "Task Title" : "Subscription Name"} <input />
      </label>
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onClose} />
    </form>
  );
  return (
    <AddItemModal
      open
      onClose={onClose}
      tab={tab}
      onTabChange={setTab}
      error={error}
      taskForm={form("task", TASK_SUBMIT_LABEL)}
      subscriptionForm={form("subscription", SUBSCRIPTION_SUBMIT_LABEL)}
      editing={editing}
    />
  );
}

describe("AddItemModal", () => {
  it("opens on the Task tab with the task form and its buttons", () => {
    render(<Harness />);
    expect(screen.getByRole("dialog", { name: "Add New Task/Subscription" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Task" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Task Title")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save and add to calendar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });

  it("switches to the Subscription tab and its form", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("tab", { name: "Subscription" }));
    expect(screen.getByLabelText("Subscription Name")).toBeInTheDocument();
    expect(screen.queryByLabelText("Task Title")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Subscriptions" })).toBeInTheDocument();
  });

  it("submits the form of the selected tab", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole("button", { name: TASK_SUBMIT_LABEL }));
    expect(onSubmit).toHaveBeenLastCalledWith("task");
    await userEvent.click(screen.getByRole("tab", { name: "Subscription" }));
    await userEvent.click(screen.getByRole("button", { name: SUBSCRIPTION_SUBMIT_LABEL }));
    expect(onSubmit).toHaveBeenLastCalledWith("subscription");
  });

  it("shows the error banner above the form", () => {
    render(<Harness error="Validation error" />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Validation error");
    const form = screen.getByRole("form", { name: "task form" });
    // The banner comes before the form in document order.
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no banner without an error", () => {
    render(<Harness />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reads 'Adding...' on the disabled primary button while saving", () => {
    render(<Harness busy />);
    const button = screen.getByRole("button", { name: ADDING_LABEL });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("type", "submit");
  });

  it("closes from Cancel, the close button and Escape", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: CANCEL_LABEL }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("has no accessibility violations", async () => {
    render(<Harness error="Validation error" />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("tablist")).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it.each([
    ["task", "Edit task", "Task Title"],
    ["subscription", "Edit subscription", "Subscription Name"],
  ] as const)(
    "edits a %s: titled %j, that form alone, without tabs (issue 18)",
    (editing, title, field) => {
      render(<Harness editing={editing} error="Task not found" />);
      const dialog = within(screen.getByRole("dialog", { name: title }));
      expect(dialog.queryByRole("tablist")).not.toBeInTheDocument();
      expect(dialog.getByLabelText(field)).toBeInTheDocument();
      expect(dialog.getAllByRole("form")).toHaveLength(1);
      expect(dialog.getByRole("alert")).toHaveTextContent("Task not found");
    },
  );
});

/** The modal opened on a document (issue 21): its note, then a form whose `flagged` fields are marked. */
function DocumentHarness({ flagged }: { flagged: readonly string[] }) {
  const field = (label: string) => (
    <Field
      label={label}
      flag={flagged.includes(label) ? "Check this: read from bill.pdf" : undefined}
    >
      {(control) => <TextInput {...control} />}
    </Field>
  );
  const form = (
    <form aria-label="Add a task">
      {field("Task Title")}
      {field("Due Date")}
      {field("Notes")}
    </form>
  );
  return (
    <AddItemModal
      open
      onClose={vi.fn()}
      tab="task"
      onTabChange={vi.fn()}
      taskForm={form}
      subscriptionForm={form}
      source={
        <SourceDocumentNote
          id="source-note"
          name="bill.pdf"
          read
          marked={flagged.length > 0}
          onKeepFile={vi.fn()}
        />
      }
      startOnField
      describedBy="source-note"
    />
  );
}

describe("AddItemModal opened on a document (issue 21)", () => {
  it("starts focus on the first field marked to check, not on the note's button", async () => {
    render(<DocumentHarness flagged={["Due Date", "Notes"]} />);
    await vi.waitFor(() => {
      expect(screen.getByLabelText("Due Date")).toHaveFocus();
    });
    expect(screen.getByRole("button", { name: "Keep the file only" })).not.toHaveFocus();
  });

  it("is described by the note, without its button, so a screen reader hears it on opening", () => {
    render(<DocumentHarness flagged={["Due Date"]} />);
    expect(screen.getByRole("dialog")).toHaveAccessibleDescription(
      "Filled in from bill.pdf. Check the marked fields before you save.",
    );
  });

  it("starts focus on the first field when none is marked", async () => {
    render(<DocumentHarness flagged={[]} />);
    await vi.waitFor(() => {
      expect(screen.getByLabelText("Task Title")).toHaveFocus();
    });
  });
});
