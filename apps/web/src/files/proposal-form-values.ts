// issue 21: what the Add form starts with when it opens on a document the assistant has read: the
// tab of the kind it proposes, that form prefilled from the proposal (the very body POST /tasks/ or
// POST /subscriptions/ takes), the other form prefilled with what carries over (the name, the
// date, the amount) in case the kind was wrong, and the fields to check flagged: those the rules
// were unsure of, and every field carried over.
import type { AddItemTab } from "@life-admin/ui";
import type { FileProposal } from "@life-admin/domain/reading";
import {
  SUBSCRIPTION_FORM_DEFAULTS,
  type SubscriptionFormValues,
  subscriptionFormValues,
} from "../forms/subscription-form-schema";
import { TASK_FORM_DEFAULTS, type TaskFormValues, taskFormValues } from "../forms/task-form-schema";

/** Below this, a field read from the document is flagged for the person to check. */
export const SURE_ENOUGH = 0.7;

export interface ProposalForms {
  tab: AddItemTab;
  task: TaskFormValues;
  subscription: SubscriptionFormValues;
  /** The fields of each form to check. */
  taskFlags: ReadonlySet<keyof TaskFormValues>;
  subscriptionFlags: ReadonlySet<keyof SubscriptionFormValues>;
}

function unsure<Field extends string>(
  confidence: Partial<Record<string, number>>,
  fields: Record<Field, string>,
): Set<Field> {
  const flagged = new Set<Field>();
  for (const [field, source] of Object.entries(fields) as [Field, string][]) {
    if ((confidence[source] ?? 0) < SURE_ENOUGH) flagged.add(field);
  }
  return flagged;
}

/** The forms' start from a proposal; both empty (task first) without one. */
export function proposalForms(proposal: FileProposal | null): ProposalForms {
  if (proposal === null) {
    return {
      tab: "task",
      task: TASK_FORM_DEFAULTS,
      subscription: SUBSCRIPTION_FORM_DEFAULTS,
      taskFlags: new Set(),
      subscriptionFlags: new Set(),
    };
  }
  if (proposal.kind === "task") {
    const { task } = proposal;
    const day = task.due_date.slice(0, 10);
    return {
      tab: "task",
      task: taskFormValues(task),
      subscription: {
        ...SUBSCRIPTION_FORM_DEFAULTS,
        name: task.title,
        next_renewal_date: day,
        cost: proposal.amount === null ? "" : proposal.amount.toFixed(2),
      },
      taskFlags: unsure(proposal.confidence, {
        title: "title",
        due_date: "due_date",
        time: "due_date",
        frequency: "frequency",
      }),
      subscriptionFlags: new Set(["name", "next_renewal_date", "cost", "frequency"]),
    };
  }
  const { subscription } = proposal;
  return {
    tab: "subscription",
    task: {
      ...TASK_FORM_DEFAULTS,
      title: subscription.name,
      due_date: subscription.next_renewal_date,
    },
    subscription: subscriptionFormValues(subscription),
    taskFlags: new Set(["title", "due_date"]),
    subscriptionFlags: unsure(proposal.confidence, {
      name: "name",
      next_renewal_date: "next_renewal_date",
      cost: "cost",
      frequency: "frequency",
    }),
  };
}
