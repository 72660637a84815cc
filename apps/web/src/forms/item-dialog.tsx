// spec 2, 4: Add New Task/Subscription. The tab decides which form is submitted; on submit the
// banner is cleared and the primary button reads "Adding..."; success hands the created record to
// the dashboard and closes the modal, failure shows the server's or the client's message above
// the form and keeps what was typed. issue 18: the same dialog, forms and rules edit a record
// ("Edit task", "Save changes", prefilled; only what changed is sent), and its Delete asks first
// (ui's DeleteDialog). Loaded (with react-hook-form and the resolvers) when first opened. issue 19:
// a task added with "Save and add to calendar" is followed up (calendar/calendar-follow-up.tsx,
// loaded then) in the add dialog's status region, and an edited task can be downloaded as .ics.
// issue 21: opened on a document the assistant has read, the add dialog starts on the kind it
// proposes, prefilled, the fields to check flagged until changed; what is saved links the file,
// and "Keep the file only" saves nothing else. issue 23: in a household, both forms offer Share
// with household and Assigned To (the household's members); an edit sends them only when the
// record's owner changed them. A form whose session ends before it is saved keeps what was typed
// in this tab (kept-form.ts), and is given back after the same person signs in again. issue 18:
// closing a form that holds something typed (Escape, the overlay, Close, its Cancel) asks first
// (ui's DiscardDialog); saving, deleting and "Keep the file only" close without asking. A recurring
// task that a "Mark done" moved on offers "Undo last completion" in its edit form (decisions D9),
// a recurring task offers "Skip this time", and a task marked done or skipped before lists when
// (use-task-history.ts); its history also names the Undo ("Undo last skip" after a skip).
import { zodResolver } from "@hookform/resolvers/zod";
import type { SubscriptionUpdateBody, TaskUpdateBody } from "@life-admin/api-client";
import {
  IsoDateSchema,
  type Subscription,
  type Task,
  formatDate,
  instantOf,
} from "@life-admin/domain";
import { currencySymbol } from "@life-admin/domain/forms";
import {
  AddItemModal,
  type AddItemTab,
  DeleteDialog,
  DiscardDialog,
  KeptFormNote,
  SharingFields,
  SourceDocumentNote,
  StatusNotice,
  SubscriptionForm,
  TaskForm,
  TaskHistoryList,
} from "@life-admin/ui";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { useController, useForm, useWatch } from "react-hook-form";
import { useCreateSubscription } from "../data/use-create-subscription";
import { useCreateTask } from "../data/use-create-task";
import { downloadTaskIcs } from "../calendar/download-task-ics";
import { MadeFromFile } from "../files/made-from-file";
import { checkNote, type FieldCheck, proposalForms } from "../files/proposal-form-values";
import { useRecordSharing } from "../household/use-record-sharing";
import { useServices } from "../use-services";
import { bindingsOf, submissionOf } from "./form-bindings";
import type { EditedItem, SourceDocument } from "./dialog-subjects";
import { RepeatEverySchema, changedFields, editedFields } from "./form-rules";
import type { KeptForm } from "./kept-form";
import {
  type SubscriptionFormValues,
  costDecimalsError,
  costText,
  subscriptionFormSchema,
  subscriptionFormValues,
} from "./subscription-form-schema";
import {
  TASK_FIELD_DEPENDENTS,
  type TaskFormValues,
  taskFormSchema,
  taskFormValues,
} from "./task-form-schema";
import { holdsTyping } from "./typed-form";
import { useKeptForm } from "./use-kept-form";
import { useTaskHistory } from "./use-task-history";
import { useLeaveGuard } from "./use-leave-guard";

const CalendarFollowUp = lazy(() =>
  import("../calendar/calendar-follow-up").then((module) => ({
    default: module.CalendarFollowUp,
  })),
);

type TaskField = keyof TaskFormValues;
type SubscriptionField = keyof SubscriptionFormValues;

export interface ItemDialogProps {
  open: boolean;
  /** The record to edit; without one the dialog adds. Fixed for the dialog's life (key it). */
  editing?: EditedItem;
  /** The document to add from (issue 21). Fixed for the dialog's life (key it). */
  source?: SourceDocument;
  /**
   * Cancel, Escape, the overlay and the Close button (after the person agreed to discard what
   * they typed), a successful save, a deletion, and "Keep the file only".
   */
  onClose: () => void;
  /** The task the API created, before the modal closes. */
  onTaskCreated: (task: Task) => void;
  onSubscriptionCreated: (subscription: Subscription) => void;
  /** An edit's changes: resolves once the API has them, rejects with its refusal. */
  onTaskSave: (task: Task, changes: TaskUpdateBody) => Promise<void>;
  onSubscriptionSave: (
    subscription: Subscription,
    changes: SubscriptionUpdateBody,
  ) => Promise<void>;
  /** Delete, confirmed: the dialog has closed. */
  onDelete: (item: EditedItem) => void;
  /**
   * "Undo last completion" (or skip) on an edited recurring task: the dialog has closed; the page
   * puts the task back and says where to.
   */
  onTaskUndo: (id: number) => void;
  /** "Skip this time" on an edited recurring task: the dialog has closed (decisions D9). */
  onTaskSkip: (id: number) => void;
  /**
   * Once the changes to task `id` made so far are answered: its history, read after them, names
   * the Undo after the latest of them (a skip pressed just before the form opened).
   */
  taskSettled: (id: number) => Promise<void>;
  /** issue 22: the person's ISO 4217 currency, whose sign the cost shows. */
  currency: string;
  /** The person's IANA time zone, whose clock an edited task's history is told on (decisions D9). */
  timeZone?: string | undefined;
  /** issue 23: the person's id (whose a shared record is). */
  userId: number;
  /** A form given back after its session ended (kept-form.ts). Fixed for the dialog's life. */
  kept?: KeptForm;
  /** "Keep the file only" on a form opened on a document: closed, the page may say where it is. */
  onFileKept?: (fileName: string) => void;
  /** The calendar's offer after "Save and add to calendar" shown or gone (a dialog of its own). */
  onCalendarOffer?: (shown: boolean) => void;
}

/** What the page's status region says once a new subscription is saved (a task's save has the
 * calendar's follow-up instead): the new row may be out of sight, or in no card at all. */
function subscriptionSavedNotice(name: string): string {
  return `Saved. “${name}” is in your subscriptions.`;
}

/**
 * decisions D9: a recurring task is due on its anchor (`repeats_from`, the date last set) until it
 * is marked done or skipped; due later, it has moved on by a completion or a skip, which can be
 * undone.
 */
function movedOn(task: Task): boolean {
  return (
    task.frequency !== "Once" &&
    task.repeats_from !== undefined &&
    instantOf(task.due_date) !== instantOf(task.repeats_from)
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ItemDialog({
  open,
  editing,
  source,
  onClose,
  onTaskCreated,
  onSubscriptionCreated,
  onTaskSave,
  onSubscriptionSave,
  onDelete,
  onTaskUndo,
  onTaskSkip,
  taskSettled,
  currency,
  timeZone,
  userId,
  kept,
  onFileKept,
  onCalendarOffer,
}: ItemDialogProps) {
  const createTask = useCreateTask();
  const createSubscription = useCreateSubscription();
  const editedTask = editing?.kind === "task" ? editing.task : undefined;
  const editedSubscription = editing?.kind === "subscription" ? editing.subscription : undefined;
  // issue 21: the file an edited record was made from.
  const editedFileId = (editedTask ?? editedSubscription)?.file_id;
  const { client, locale } = useServices();
  // issue 21: what the forms start from (empty, task first, without a document).
  const [start] = useState(() => proposalForms(source?.proposal ?? null, { currency, locale }));
  // The document's note describes the dialog: focus starts past it, on a field to check.
  const sourceNoteId = useId();
  const keptNoteId = useId();
  // spec 3: the form type starts on Task (or on the kind the document proposes).
  const [tab, setTab] = useState<AddItemTab>(kept?.tab ?? editing?.kind ?? start.tab);
  const [error, setError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // "Undo last completion" or "Skip this time" asked while the form held something typed: the
  // discard question first, then this.
  const [closingWith, setClosingWith] = useState<"undo" | "skip" | null>(null);
  // decisions D9: an edited task's history, and so what its Undo undoes.
  const history = useTaskHistory(editedTask?.id, taskSettled);
  const latest = history?.completions[0];
  const lastMove = latest === undefined ? "unknown" : latest.skipped ? "skipped" : "done";
  // issue 19: the tasks added with "Save and add to calendar", and the note that follows them
  // (or a new subscription).
  const [calendarSaves, setCalendarSaves] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // issue 23: the household's members and the record's sharing, and what the person chose.
  const sharing = useRecordSharing(
    client,
    editedTask
      ? { kind: "task", id: editedTask.id }
      : editedSubscription && { kind: "subscription", id: editedSubscription.id },
    userId,
  );
  const [sharingChoice, setSharingChoice] = useState(kept?.sharing ?? undefined);
  const sharingNow = sharingChoice ?? sharing?.value;
  const sharingFields = sharing && sharingNow && (
    <SharingFields
      members={sharing.members}
      value={sharingNow}
      onChange={setSharingChoice}
      ownerName={sharing.ownerName}
      myId={userId}
    />
  );
  /** A new record's sharing when shared; an edit's changes to it (its owner's only). */
  const sharingBody = (): { shared?: boolean; assignee_id?: number | null } => {
    if (sharingNow === undefined || sharing?.ownerName !== undefined) return {};
    const { shared, assigneeId } = sharingNow;
    const before = editing ? sharing?.value : undefined;
    if (before === undefined) return shared ? { shared, assignee_id: assigneeId } : {};
    return {
      ...(before.shared === shared ? {} : { shared }),
      ...(before.assigneeId === assigneeId ? {} : { assignee_id: assigneeId }),
    };
  };
  // What the forms start from: the record edited, or the document's proposal (or nothing).
  const [startValues] = useState(() => ({
    task: editedTask ? taskFormValues(editedTask) : start.task,
    subscription: editedSubscription
      ? subscriptionFormValues(editedSubscription, currency, locale)
      : start.subscription,
  }));
  // The cost takes the currency's decimals; an edited subscription's stored cost stays acceptable.
  const subscriptionSchema = useMemo(
    () => subscriptionFormSchema(currency, editedSubscription?.cost, locale),
    [currency, editedSubscription?.cost, locale],
  );
  // issue 21: a cost read from the document that the currency refuses (12.34 yen) is marked too.
  const [refusedCost] = useState(
    () => source && costDecimalsError(startValues.subscription.cost, currency, undefined, locale),
  );
  // decisions D9: an ended series (completed, past its end) may keep an end before its date.
  const ended = editedTask !== undefined && editedTask.completed && editedTask.frequency !== "Once";
  const endedUntil = ended ? (editedTask.repeat_until ?? "") : undefined;
  const taskSchema = useMemo(
    () => taskFormSchema(endedUntil === undefined ? undefined : { until: endedUntil }),
    [endedUntil],
  );
  // The forms live here, above the tabs, so switching tabs keeps what was typed in each.
  const taskForm = useForm({
    resolver: zodResolver(taskSchema),
    defaultValues: startValues.task,
  });
  const subscriptionForm = useForm({
    resolver: zodResolver(subscriptionSchema),
    defaultValues: startValues.subscription,
  });
  const forms = { task: taskForm, subscription: subscriptionForm };
  // A form whose session ended before it was saved: given back, or kept when it ends now.
  useKeptForm({
    open,
    kept,
    forms,
    start: startValues,
    context: () => {
      const edited = editedTask ?? editedSubscription;
      return {
        userId,
        tab,
        editing: editing && edited ? { kind: editing.kind, id: edited.id } : null,
        source: source ? { ...source, proposal: null } : null,
        sharing: sharingChoice ?? null,
      };
    },
  });
  // A reload or a closed tab asks first too, as Close does.
  useLeaveGuard(open, () => holdsTyping(forms, sharingChoice ?? null, startValues));
  /** issue 21: "check this" beside a field filled from the document, until the person changes it. */
  const flag = (check: FieldCheck | undefined, changed: boolean) =>
    check && source && !changed ? checkNote(check, source.name) : undefined;
  // What is saved from a document links it.
  const linked = <Body extends object>(body: Body) =>
    source ? { ...body, file_id: source.id } : body;
  // The task's priority shows in its badge, its frequency and Repeat every the unit after it (and
  // whether it has one); spec 2: both Frequency selects show one value.
  const [priority, taskFrequency, taskInterval, taskEnd] = useWatch({
    control: taskForm.control,
    name: ["priority", "frequency", "interval", "repeat_until"],
  });
  // A task that happens once has no Repeat every or Repeat until: one it would refuse, hidden,
  // becomes 1 or empty, so that it blocks no save (a good one is kept for a change back).
  useEffect(() => {
    if (taskFrequency !== "Once") return;
    if (!RepeatEverySchema.safeParse(taskInterval).success) {
      taskForm.setValue("interval", "1");
      taskForm.clearErrors("interval");
    }
    if (taskEnd !== "" && !IsoDateSchema.safeParse(taskEnd).success) {
      taskForm.setValue("repeat_until", "");
      taskForm.clearErrors("repeat_until");
    }
  }, [taskForm, taskFrequency, taskInterval, taskEnd]);
  const subscriptionInterval = useWatch({ control: subscriptionForm.control, name: "interval" });
  const { field: frequency } = useController({
    control: subscriptionForm.control,
    name: "frequency",
  });

  /** The next opening starts afresh (an edit dialog opens anew for each record). */
  const close = () => {
    taskForm.reset();
    subscriptionForm.reset();
    setError(null);
    setTab(editing?.kind ?? start.tab);
    setSharingChoice(undefined);
    setConfirmingDiscard(false);
    setClosingWith(null);
    onClose();
  };
  /**
   * "Undo last completion" or "Skip this time": the form closes, and the dashboard puts the task
   * back or moves it on.
   */
  const closeWith = (action: "undo" | "skip", taskId: number) => {
    close();
    if (action === "undo") onTaskUndo(taskId);
    else onTaskSkip(taskId);
  };
  /** Either, asked: what was typed in the form is not lost unasked. */
  const askToCloseWith = (action: "undo" | "skip", taskId: number) => {
    if (holdsTyping(forms, sharingChoice ?? null, startValues)) {
      setClosingWith(action);
      setConfirmingDiscard(true);
    } else closeWith(action, taskId);
  };
  /** The person asked to close: a form holding something typed asks first. */
  const requestClose = () => {
    if (holdsTyping(forms, sharingChoice ?? null, startValues)) setConfirmingDiscard(true);
    else close();
  };

  async function save<Saved>(send: () => Promise<Saved>, saved: (record: Saved) => void) {
    setError(null);
    try {
      saved(await send());
      close();
    } catch (failure) {
      // spec 8: the message in the banner, the error in the console.
      console.error(failure);
      setError(messageOf(failure));
    }
  }
  /** An edit sends what changed, and nothing when nothing did. */
  const saveChanges = async <Changes extends object>(
    changes: Changes,
    send: (changes: Changes) => Promise<void>,
  ) => {
    if (Object.keys(changes).length === 0) close();
    else
      await save(
        () => send(changes),
        () => undefined,
      );
  };
  // issue 18: an edit form's Delete asks first. issue 23: only the record's owner deletes it (the
  // API refuses anyone else), so another member's shared record offers no Delete.
  const deletion = editing &&
    sharing?.ownerName === undefined && {
      onDelete: () => {
        setConfirmingDelete(true);
      },
    };

  return (
    <>
      <AddItemModal
        open={open}
        onClose={requestClose}
        tab={tab}
        onTabChange={setTab}
        editing={editing?.kind}
        error={error}
        // issue 21: on the fields read from the document, not on the note's "Keep the file only".
        startOnField={source !== undefined}
        describedBy={
          [kept && keptNoteId, source && sourceNoteId].filter(Boolean).join(" ") || undefined
        }
        source={
          <>
            {kept && (
              <KeptFormNote
                id={keptNoteId}
                item={kept.editing?.kind ?? kept.tab}
                deleted={kept.editing !== null && editing === undefined}
              />
            )}
            {source ? (
              <SourceDocumentNote
                id={sourceNoteId}
                name={source.name}
                read={source.proposal !== null}
                marked={
                  tab === "task"
                    ? start.taskChecks.size > 0
                    : start.subscriptionChecks.size > 0 || refusedCost !== undefined
                }
                onKeepFile={() => {
                  close();
                  onFileKept?.(source.name);
                }}
              />
            ) : (
              editedFileId != null && <MadeFromFile fileId={editedFileId} onError={setError} />
            )}
          </>
        }
        taskForm={
          <TaskForm
            fields={{
              ...bindingsOf(taskForm, TASK_FIELD_DEPENDENTS),
              flag: (name) =>
                flag(start.taskChecks.get(name), taskForm.getFieldState(name).isDirty),
            }}
            priority={priority}
            frequency={taskFrequency}
            interval={taskInterval}
            sharing={sharingFields}
            history={
              history && (
                <TaskHistoryList
                  history={history}
                  {...(locale === undefined ? {} : { locale })}
                  {...(timeZone === undefined ? {} : { timeZone })}
                />
              )
            }
            onUndoDone={
              editedTask && movedOn(editedTask)
                ? () => {
                    askToCloseWith("undo", editedTask.id);
                  }
                : undefined
            }
            lastMove={lastMove}
            // Its due date is its next date, past its end: an end that reaches it opens it again.
            ended={ended ? formatDate(editedTask.due_date, locale) : undefined}
            onSkip={
              // A recurring task is pending, but for a done "Once" task since edited to repeat
              // (decisions D9): done, it has no date to pass over. Nor while the form says Once.
              editedTask &&
              editedTask.frequency !== "Once" &&
              !editedTask.completed &&
              taskFrequency !== "Once"
                ? () => {
                    askToCloseWith("skip", editedTask.id);
                  }
                : undefined
            }
            onDownload={
              editedTask &&
              (() => {
                setError(null);
                downloadTaskIcs(client, editedTask).catch((failure: unknown) => {
                  console.error(failure);
                  setError(messageOf(failure));
                });
              })
            }
            editing={editing !== undefined}
            {...deletion}
            {...submissionOf(
              taskForm,
              (body) =>
                editedTask
                  ? saveChanges(
                      {
                        ...editedFields(
                          changedFields(editedTask, body),
                          (input) => taskForm.getFieldState(input as TaskField).isDirty,
                        ),
                        ...sharingBody(),
                      },
                      (changes) => onTaskSave(editedTask, changes),
                    )
                  : save(
                      () => createTask({ ...linked(body), ...sharingBody() }),
                      (task) => {
                        onTaskCreated(task);
                        setCalendarSaves((count) => count + 1);
                        // Its offer is on its way (calendar-follow-up.tsx, loaded on first use):
                        // the form's history entry is the offer's from its close.
                        onCalendarOffer?.(true);
                      },
                    ),
              requestClose,
            )}
          />
        }
        subscriptionForm={
          <SubscriptionForm
            fields={{
              ...bindingsOf(subscriptionForm),
              flag: (name) => {
                const changed = subscriptionForm.getFieldState(name).isDirty;
                const refused = name === "cost" && !changed ? refusedCost : undefined;
                return (
                  flag(start.subscriptionChecks.get(name), changed) ??
                  (refused && `Check this: ${refused}`)
                );
              },
            }}
            frequency={frequency}
            interval={subscriptionInterval}
            priority={editedSubscription?.priority}
            currencySymbol={currencySymbol(currency, locale)}
            costPlaceholder={costText(0, currency, locale)}
            sharing={sharingFields}
            editing={editing !== undefined}
            {...deletion}
            {...submissionOf(
              subscriptionForm,
              (body) =>
                editedSubscription
                  ? saveChanges(
                      {
                        ...editedFields(
                          // The form always says Medium (spec 3, 9) and active: an edit keeps the
                          // priority, and pausing is the Active switch's.
                          changedFields(editedSubscription, {
                            ...body,
                            priority: editedSubscription.priority,
                            active: editedSubscription.active,
                          }),
                          (input) =>
                            subscriptionForm.getFieldState(input as SubscriptionField).isDirty,
                        ),
                        ...sharingBody(),
                      },
                      (changes) => onSubscriptionSave(editedSubscription, changes),
                    )
                  : save(
                      () => createSubscription({ ...linked(body), ...sharingBody() }),
                      (subscription) => {
                        onSubscriptionCreated(subscription);
                        setNotice(subscriptionSavedNotice(subscription.name));
                      },
                    ),
              requestClose,
            )}
          />
        }
      />
      <DiscardDialog
        open={confirmingDiscard}
        editing={editing !== undefined}
        onCancel={() => {
          setConfirmingDiscard(false);
          setClosingWith(null);
        }}
        onConfirm={() => {
          if (closingWith && editedTask) closeWith(closingWith, editedTask.id);
          else close();
        }}
      />
      {editing && (
        <DeleteDialog
          open={confirmingDelete}
          item={editing.kind}
          name={editing.kind === "task" ? editing.task.title : editing.subscription.name}
          onCancel={() => {
            setConfirmingDelete(false);
          }}
          onConfirm={() => {
            setConfirmingDelete(false);
            close();
            onDelete(editing);
          }}
        />
      )}
      {!editing && (
        <>
          <StatusNotice
            message={notice}
            onDismiss={() => {
              setNotice(null);
            }}
          />
          <Suspense fallback={null}>
            {calendarSaves > 0 && (
              <CalendarFollowUp
                saves={calendarSaves}
                onNotice={setNotice}
                onOfferShown={onCalendarOffer}
              />
            )}
          </Suspense>
        </>
      )}
    </>
  );
}
