// issue 18: what the dashboard does when a person marks a task done or not done, pauses or
// resumes a subscription, edits or deletes one: each change is shown at once (recordChanges) and
// put back if the API refuses it, its message then shown above the page. POST
// /tasks/{id}/complete names the occurrence the person saw (its due date), so two tabs complete
// it once; a recurring task moves on to its next occurrence, or, completed late, to its first
// not already past, and stays pending (decisions D9: the domain's completeOccurrence from the
// task's anchor, `repeats_from`, as the API counts; until the API's answer, on this device's
// clock in the person's zone, the dashboard's today's). Loaded once the dashboard is shown
// (use-item-changes.ts). A task marked done says so at the foot of the page (or of the open list),
// with where it went and an Undo (POST /tasks/{id}/uncomplete). A recurring task's occurrence
// skipped from its edit form (POST /tasks/{id}/skip) moves on the same way and says so the same
// way, with the same Undo. Its last occurrence (repeat until) closed, its series has ended: done. A record deleted since the page
// loaded it (in another tab, on another device) leaves the lists when a change to it meets the
// API's 404, which says so; deleting it then is already done.
import { ApiError } from "@life-admin/api-client";
import {
  type Subscription,
  type Task,
  firstOccurrenceFrom,
  formatDate,
  instantOf,
  repeatOf,
} from "@life-admin/domain";
// An entry of its own: imported from the index, its code would join the first download.
import {
  type CompletionMoment,
  SCHEDULE_FIELDS,
  completeOccurrence,
  completedAfterEdit,
} from "@life-admin/domain/task-completion";
import type { ItemChangeHandlers, ItemChangesDeps } from "./item-change-types";
import { withSubscription, withTask } from "./list-order";
import { recordChanges } from "./record-changes";
import type { ResourceHandle } from "./use-resource";

/**
 * The task as completing it `at` leaves it, before the API says so: done, or at its next
 * occurrence not already past.
 */
function completed(task: Task, at: CompletionMoment): Task {
  const { frequency } = task;
  if (frequency === "Once") return { ...task, completed: true };
  // decisions D9: counted from the schedule's anchor when the answer has it, as the API counts,
  // every `interval` of its frequency's units (every 2 weeks).
  const repeat = repeatOf({ frequency, interval: task.interval });
  const dueMs = instantOf(task.due_date);
  const anchorMs = task.repeats_from === undefined ? dueMs : instantOf(task.repeats_from);
  const occurrence = firstOccurrenceFrom(anchorMs, repeat, dueMs);
  const until = task.repeat_until;
  const next = completeOccurrence({ anchorMs, ...repeat, occurrence, until }, at);
  // Its series may end here (repeat until): then it is done.
  const due_date = new Date(next.dueMs).toISOString().replace(".000Z", "Z");
  return { ...task, due_date, completed: next.completed };
}

/** What the notice adds when the occurrence closed was the last of its series (repeat until). */
const LAST_DATE_NOTE = " That was its last date.";

/** Whether `refusal` is the API's 404 for a record of the person's: it has been deleted. */
function isGone(refusal: unknown): boolean {
  return refusal instanceof ApiError && refusal.status === 404;
}

/**
 * What a change to a record the API no longer finds says, named by `title`: one of the person's
 * own was deleted; one of someone else's may only have stopped being shared with them (unshared,
 * or the person left the household).
 */
function goneSince(title: string, own: boolean, refusal: unknown): Error | null {
  if (!isGone(refusal)) return null;
  const since = own
    ? "was deleted since this page showed it, perhaps in another tab or on another device."
    : "is no longer shared with you, or was deleted, since this page showed it.";
  return new Error(`“${title}” ${since}`, { cause: refusal });
}

/** DELETE of a record that is already gone: done. */
function unlessGone(refusal: unknown): null {
  if (isGone(refusal)) return null;
  throw refusal;
}

/** The record with this id in a list as shown now. */
function find<T extends { id: number }>({ resource }: ResourceHandle<T[]>, id: number) {
  return resource.status === "ready" ? resource.data.find((record) => record.id === id) : undefined;
}

export function itemChanges({
  client,
  now,
  timeZone,
  locale,
  userId,
  lists,
  onEdit,
  onError,
  onNotice,
}: ItemChangesDeps): ItemChangeHandlers {
  // A record without an owner, or before the profile is known, is taken for the person's own.
  const isOwn = (record: { owner_id?: number }) =>
    record.owner_id === undefined || userId === undefined || record.owner_id === userId;
  // The handles' `update` lives as long as the page: the first one serves.
  const changeTask = recordChanges(lists.current.tasks.update, withTask, (refusal, record) =>
    goneSince(record.title, isOwn(record), refusal),
  );
  const changeSubscription = recordChanges(
    lists.current.subscriptions.update,
    withSubscription,
    (refusal, record) => goneSince(record.name, isOwn(record), refusal),
  );
  const task = (id: number) => find(lists.current.tasks, id);
  const subscription = (id: number) => find(lists.current.subscriptions, id);
  /** A change on screen; if the API refuses it, it is put back and this says why. */
  const report = (change: Promise<unknown>) => {
    onError(null);
    change.catch((refusal: unknown) => {
      // spec 8: shown, and logged to the console.
      console.error(refusal);
      onError(refusal instanceof Error ? refusal.message : String(refusal));
    });
  };
  const updateSubscription = (record: Subscription, changes: Partial<Subscription>) =>
    changeSubscription(record, { ...record, ...changes }, () =>
      client.subscriptions.update(record.id, changes),
    );

  /**
   * `record`'s latest completion (or skip) undone, the task shown as `shown` now: it is shown as
   * `record` until the API says where it went back to, which this answers (null: it is gone).
   */
  const putBack = async (shown: Task, record: Task): Promise<Task | null> => {
    let answered: Task | null = null;
    await changeTask(shown, { ...record, completed: false }, async () => {
      answered = await client.tasks.uncomplete(record.id);
      return answered;
    });
    return answered;
  };
  const dateOf = (shown: Task) => formatDate(shown.due_date, locale);
  /**
   * The task's current occurrence marked done, or skipped (decisions D9: it moves on the same
   * way): shown at once, and said at the foot of the page with an Undo.
   */
  const closeOccurrence = (record: Task, skipped: boolean) => {
    const { id, title } = record;
    const next = completed(record, { nowMs: now().getTime(), timeZone });
    const undo = () => {
      // Said at once, as the row is put back at once; taken back if the API refuses.
      const back = { message: `${title} is back to ${dateOf(record)}.` };
      onNotice(back);
      report(
        putBack(task(id) ?? next, record).catch((refusal: unknown) => {
          onNotice((shown) => (shown === back ? null : shown));
          throw refusal;
        }),
      );
    };
    const closed = skipped ? `${title} is skipped.` : `${title} is done.`;
    const after = next.completed ? LAST_DATE_NOTE : ` Next due ${dateOf(next)}.`;
    const notice = {
      message: record.frequency === "Once" ? closed : `${closed}${after}`,
      onUndo: undo,
      doneTaskId: id,
    };
    onNotice(notice);
    const send = () =>
      skipped ? client.tasks.skip(id, record.due_date) : client.tasks.complete(id, record.due_date);
    report(
      changeTask(record, next, send).catch((refusal: unknown) => {
        // Only this notice: one made since (another task done) stays.
        onNotice((shown) => (shown === notice ? null : shown));
        throw refusal;
      }),
    );
  };

  return {
    onTaskComplete(id, done) {
      const record = task(id);
      if (!record) return;
      if (done) {
        closeOccurrence(record, false);
        return;
      }
      // Marked not done on its row: a notice of its completion would offer an Undo of what is
      // undone already.
      onNotice((shown) => (shown?.doneTaskId === id ? null : shown));
      report(putBack(record, record));
    },
    onTaskUndo(id) {
      const record = task(id);
      if (!record) return;
      // "Undo last completion" (or skip) in its form, which has closed: as Mark not done, and then
      // the page says where the task went back to, which only the API's answer knows.
      onNotice((shown) => (shown?.doneTaskId === id ? null : shown));
      report(
        putBack(record, record).then((answered) => {
          if (answered) onNotice({ message: `${record.title} is back to ${dateOf(answered)}.` });
        }),
      );
    },
    taskSettled: (id) => changeTask.settled(id),
    onTaskSkip(id) {
      const record = task(id);
      // decisions D9: only a recurring task has a next occurrence to skip to.
      if (record && record.frequency !== "Once") closeOccurrence(record, true);
    },
    onTaskEdit(id) {
      const record = task(id);
      if (record) onEdit({ kind: "task", task: record });
    },
    onSubscriptionEdit(id) {
      const record = subscription(id);
      if (record) onEdit({ kind: "subscription", subscription: record });
    },
    onSubscriptionActive(id, active) {
      const record = subscription(id);
      if (record) report(updateSubscription(record, { active }));
    },
    // The edit dialog shows a refusal itself, in its banner, and keeps what was typed.
    onTaskSave(record, changes) {
      onError(null);
      const edited = {
        ...record,
        ...changes,
        // The API answers the notes as `description` too (spec 3).
        description: "notes" in changes ? (changes.notes ?? null) : record.description,
      };
      if (SCHEDULE_FIELDS.some((field) => field in changes)) {
        // decisions D9: done or not as the API will keep it (an end moved ends or reopens it);
        // and a notice of its last completion ("That was its last date.") is no longer true.
        edited.completed = completedAfterEdit(record, {
          frequency: edited.frequency,
          dueMs: instantOf(edited.due_date),
          until: edited.repeat_until,
        });
        onNotice((shown) => (shown?.doneTaskId === record.id ? null : shown));
      }
      return changeTask(record, edited, () => client.tasks.update(record.id, changes));
    },
    onSubscriptionSave(record, changes) {
      onError(null);
      return updateSubscription(record, changes);
    },
    onDelete(item) {
      report(
        item.kind === "task"
          ? changeTask(item.task, null, () =>
              client.tasks.remove(item.task.id).then(() => null, unlessGone),
            )
          : changeSubscription(item.subscription, null, () =>
              client.subscriptions.remove(item.subscription.id).then(() => null, unlessGone),
            ),
      );
    },
  };
}
