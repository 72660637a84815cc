// What an open Add or Edit form held when its session ended before it was saved (the sign-in
// ended by "Sign out everywhere else" on another device or by another tab, its 30 days over, or
// its refresh token expired in a tab left open): the app then lands on the sign-up page, and what
// was typed would be lost. The form keeps it in this tab's sessionStorage for the same person,
// and the dashboard gives it back, once, after they sign in again (dashboard-route.tsx). Another
// person signing in on this tab never sees it: it is dropped.
import type { Subscription, Task } from "@life-admin/domain";
import type { AddItemTab, SharingChoice } from "@life-admin/ui";
import type { EditedItem, SourceDocument } from "./dialog-subjects";
import { KEPT_FORM_KEY } from "./kept-form-key";
import type { SubscriptionFormValues } from "./subscription-form-schema";
import type { TaskFormValues } from "./task-form-schema";

export interface KeptForm {
  /** Whose session it was. */
  userId: number;
  tab: AddItemTab;
  /** The record an edit form was open on; null for an add. */
  editing: { kind: AddItemTab; id: number } | null;
  /** The document an add form was filled from (issue 21). */
  source: SourceDocument | null;
  task: TaskFormValues;
  subscription: SubscriptionFormValues;
  /** The sharing the person chose in the form (issue 23), if they changed it. */
  sharing: SharingChoice | null;
}

export function keepForm(form: KeptForm): void {
  try {
    window.sessionStorage.setItem(KEPT_FORM_KEY, JSON.stringify(form));
  } catch {
    // Storage refused (a privacy setting): nothing can be kept.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `defaults` with each of its fields that `kept` holds with the same type: a form kept by another
 * version of the app gives back what still fits, and nothing else.
 */
export function keptValues<Values extends object>(defaults: Values, kept: unknown): Values {
  if (!isObject(kept)) return defaults;
  const values: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof kept[name] === typeof value) values[name] = kept[name];
  }
  return values as Values;
}

/** The form kept for `userId`, taken: it is forgotten whether it was theirs or not. */
export function takeKeptForm(userId: number): KeptForm | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEPT_FORM_KEY);
    window.sessionStorage.removeItem(KEPT_FORM_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let kept: unknown;
  try {
    kept = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(kept) || kept.userId !== userId) return null;
  const tab = kept.tab === "subscription" ? "subscription" : "task";
  const { kind, id } = isObject(kept.editing) ? kept.editing : {};
  const editing: KeptForm["editing"] =
    (kind === "task" || kind === "subscription") && typeof id === "number" ? { kind, id } : null;
  // The document's proposal is not given back: what the person typed is what the form shows.
  const source: SourceDocument | null =
    isObject(kept.source) &&
    typeof kept.source.id === "number" &&
    typeof kept.source.name === "string"
      ? { id: kept.source.id, name: kept.source.name, proposal: null }
      : null;
  const sharing =
    isObject(kept.sharing) &&
    typeof kept.sharing.shared === "boolean" &&
    (kept.sharing.assigneeId === null || typeof kept.sharing.assigneeId === "number")
      ? { shared: kept.sharing.shared, assigneeId: kept.sharing.assigneeId }
      : null;
  return {
    userId,
    tab,
    editing,
    source,
    // Checked field by field where they are used (keptValues), against the form's own.
    task: kept.task as TaskFormValues,
    subscription: kept.subscription as SubscriptionFormValues,
    sharing,
  };
}

/** How the dashboard opens a kept form: on its record, read afresh, if it was an edit. */
export interface KeptOpening {
  kept: KeptForm;
  editing?: EditedItem;
  source?: SourceDocument;
}

/**
 * The form kept for `userId`, taken, with the record it was editing from `lists` (gone since, the
 * form adds it again); null when none is kept for them.
 */
export function keptOpening(
  userId: number,
  lists: { tasks: readonly Task[]; subscriptions: readonly Subscription[] },
): KeptOpening | null {
  const kept = takeKeptForm(userId);
  if (kept === null) return null;
  const on = kept.editing;
  const task = on?.kind === "task" ? lists.tasks.find((item) => item.id === on.id) : undefined;
  const subscription =
    on?.kind === "subscription" ? lists.subscriptions.find((item) => item.id === on.id) : undefined;
  const editing: EditedItem | undefined = task
    ? { kind: "task", task }
    : subscription && { kind: "subscription", subscription };
  return {
    kept,
    ...(editing && { editing }),
    ...(kept.source && { source: kept.source }),
  };
}
