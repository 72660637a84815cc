// spec 2: the Task tab of Add New Task/Subscription: Task Title, Due Date, Time, Frequency,
// Priority (with its "{priority} Priority" badge), Assigned To, Notes (Optional). issue 18: the
// same form edits a task ("Edit task"), and Frequency offers "Once" (decisions D9). issue 19: an
// edited task can be downloaded as an .ics file. issue 23: in a household, Assigned To comes with
// Share with household (sharing-fields.tsx). A recurring task marked done by mistake has moved on
// to its next date: its edit form can undo that (decisions D9: the latest completion, exactly), and
// shows when it was marked done before (its history, after the form's buttons). A recurring task
// repeats every so many of its frequency's units (Repeat every, beside Frequency; decisions D9),
// and its current date can be skipped (Skip this time, beside the date it skips), which its Undo
// undoes as it undoes a completion. Its series may end on a date (Repeat until, after Repeat
// every; empty: no end).
import {
  ASSIGNEES,
  PRIORITIES,
  type Priority,
  TASK_FREQUENCIES,
  type TaskFrequency,
} from "@life-admin/domain";
import type { ReactNode } from "react";
import { PriorityBadge } from "../base/badge";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { TextArea, TextInput } from "../base/controls";
import { Field, FieldRow } from "../base/field";
import { TASK_SUBMIT_LABEL } from "../base/form-actions";
import { DOWNLOAD_ICS_LABEL } from "../dashboard/item-actions";
import { type FormBindings, boundFields } from "./form-bindings";
import { ChoiceField, DateField, ItemNameField, RepeatEveryField } from "./item-fields";
import note from "./form-note.module.css";
import { type FormSubmission, ItemForm } from "./item-form";

/**
 * What moved a recurring task on to the date it is at: its latest completion or its latest skip
 * (decisions D9), or either when that is not known yet (its history not read).
 */
export type LastMove = "done" | "skipped" | "unknown";

/** What the note beside the date says, and its Undo's name, for each LastMove. */
const UNDO_TEXTS = {
  done: {
    note: "It moved on to this date when it was last marked done.",
    label: "Undo last completion",
  },
  skipped: { note: "It moved on to this date when it was last skipped.", label: "Undo last skip" },
  unknown: {
    note: "It moved on to this date when it was last marked done or skipped.",
    label: "Undo last completion or skip",
  },
} as const satisfies Record<LastMove, { note: string; label: string }>;

/**
 * The note of a series that has ended (its date past Repeat until), whatever ended it (its last
 * date closed, or its end moved), with how to open it again: an end that reaches its next date.
 */
function endedNote(reopensFrom: string): string {
  return `Its series has ended. A Repeat until on or after ${reopensFrom} opens it again.`;
}

export const SKIP_LABEL = "Skip this time";

export type TaskFieldName =
  | "title"
  | "due_date"
  | "time"
  | "frequency"
  | "interval"
  | "repeat_until"
  | "priority"
  | "assigned_to"
  | "notes";

export interface TaskFormProps extends FormSubmission {
  fields: FormBindings<TaskFieldName>;
  /** The priority chosen now, for the badge beside its label. */
  priority: Priority;
  /** The frequency chosen now: what Repeat every counts; a task that happens "Once" has none. */
  frequency: TaskFrequency;
  /** Repeat every as typed now, which its unit agrees with ("1 week", "2 weeks"). */
  interval: string;
  /** An edited task's "Download .ics" (issue 19). */
  onDownload?: () => void;
  /**
   * An edited recurring task's "Undo last completion" (or skip), when it has moved on by one.
   */
  onUndoDone?: () => void;
  /** What the Undo undoes ("unknown" until the task's history says). */
  lastMove?: LastMove;
  /**
   * The task's series has ended (decisions D9: completed, its date past its Repeat until): the
   * date, as shown, that a later Repeat until must reach to open it again (its next date).
   */
  ended?: string | undefined;
  /** An edited recurring task's "Skip this time": its current date passed over (decisions D9). */
  onSkip?: () => void;
  /** issue 23: Share with household and Assigned To (SharingFields) in place of Myself alone. */
  sharing?: ReactNode;
  /** An edited task's history (TaskHistoryList), after the form's buttons (decisions D9). */
  history?: ReactNode;
}

export function TaskForm({
  fields,
  priority,
  frequency,
  interval,
  onDownload,
  onUndoDone,
  lastMove = "unknown",
  ended,
  onSkip,
  sharing,
  history,
  ...submission
}: TaskFormProps) {
  const field = boundFields(fields);
  const undoTexts = UNDO_TEXTS[lastMove];
  return (
    <ItemForm
      label={submission.editing ? "Edit task" : "Add a task"}
      submitLabel={TASK_SUBMIT_LABEL}
      deleteLabel="Delete task"
      extraAction={
        onDownload && (
          <Button variant="ghost" onClick={onDownload}>
            {DOWNLOAD_ICS_LABEL}
          </Button>
        )
      }
      after={history}
      {...submission}
    >
      <ItemNameField
        label="Task Title"
        placeholder="eg Renew car insurance"
        field={field("title")}
      />
      <FieldRow>
        <DateField label="Due Date" field={field("due_date")} />
        <Field
          label="Time"
          hint="Optional: leave empty for all day"
          error={fields.error("time")}
          flag={fields.flag?.("time")}
        >
          {(control) => <TextInput {...control} {...fields.bind("time")} type="time" />}
        </Field>
      </FieldRow>
      {/* Beside the date it would put back, or pass over. */}
      {onUndoDone || ended !== undefined ? (
        <div className={cx(note.note, note.inForm)}>
          <p className={note.text}>{ended === undefined ? undoTexts.note : endedNote(ended)}</p>
          {onUndoDone && (
            <Button size="small" variant="ghost" onClick={onUndoDone}>
              {undoTexts.label}
            </Button>
          )}
          {onSkip && <SkipButton onSkip={onSkip} />}
        </div>
      ) : (
        onSkip && (
          <div className={cx(note.actions, note.inForm)}>
            <SkipButton onSkip={onSkip} />
          </div>
        )
      )}
      <FieldRow>
        <ChoiceField label="Frequency" options={TASK_FREQUENCIES} field={field("frequency")} />
        {frequency !== "Once" && (
          <>
            <RepeatEveryField frequency={frequency} interval={interval} field={field("interval")} />
            <Field
              label="Repeat until"
              hint="Optional: leave empty to repeat with no end"
              error={fields.error("repeat_until")}
              flag={fields.flag?.("repeat_until")}
            >
              {(control) => <TextInput {...control} {...fields.bind("repeat_until")} type="date" />}
            </Field>
          </>
        )}
      </FieldRow>
      <FieldRow>
        <ChoiceField
          label="Priority"
          aside={<PriorityBadge priority={priority} />}
          options={PRIORITIES}
          field={field("priority")}
        />
        {sharing ?? (
          <ChoiceField label="Assigned To" options={ASSIGNEES} field={field("assigned_to")} />
        )}
      </FieldRow>
      <Field label="Notes (Optional)" error={fields.error("notes")} flag={fields.flag?.("notes")}>
        {(control) => <TextArea {...control} {...fields.bind("notes")} rows={3} />}
      </Field>
    </ItemForm>
  );
}

function SkipButton({ onSkip }: { onSkip: () => void }) {
  return (
    <Button size="small" variant="ghost" onClick={onSkip}>
      {SKIP_LABEL}
    </Button>
  );
}
