// issue 21: what the Add form starts with when it opens on a document the assistant has read: the
// tab of the kind it proposes, that form prefilled from the proposal (the very body POST /tasks/ or
// POST /subscriptions/ takes, its interval too), the other form prefilled with what carries over
// (the name, the date, the amount) in case the kind was wrong, and the fields to check flagged:
// those the rules were unsure of, those they found nothing for (a placeholder), a cost in another
// currency than the person's, and every field carried over. A task keeps the amount read in its
// notes.
import { formatMoney } from "@life-admin/domain";
import type { AddItemTab } from "@life-admin/ui";
import type { FileProposal } from "@life-admin/domain/reading";
import {
  SUBSCRIPTION_FORM_DEFAULTS,
  type SubscriptionFormValues,
  costText,
  subscriptionFormValues,
} from "../forms/subscription-form-schema";
import { TASK_FORM_DEFAULTS, type TaskFormValues, taskFormValues } from "../forms/task-form-schema";

/** Below this, a field read from the document is flagged for the person to check. */
export const SURE_ENOUGH = 0.7;

/**
 * Why a field is flagged: read but unsure (or carried over from the other kind), not found in
 * the document at all (what the field shows is a placeholder: today, nothing), or an amount
 * written in another currency than the person's, which the form would show under their sign.
 */
export type FieldCheck =
  | { why: "unsure" }
  | { why: "not-found"; filledIn: "today" | null }
  | { why: "currency"; currency: string };

export interface ProposalForms {
  tab: AddItemTab;
  task: TaskFormValues;
  subscription: SubscriptionFormValues;
  /** The fields of each form to check, and why. */
  taskChecks: ReadonlyMap<keyof TaskFormValues, FieldCheck>;
  subscriptionChecks: ReadonlyMap<keyof SubscriptionFormValues, FieldCheck>;
}

/** The person's currency (ISO 4217) and how their browser writes numbers. */
export interface MoneyFormat {
  currency: string;
  locale?: string;
}

const UNSURE: FieldCheck = { why: "unsure" };

/**
 * The check a field filled from the proposal's `confidence` needs, if any: none when sure, "not
 * found" when the rules only put a placeholder there (confidence 0), else "unsure". A field
 * carried over to the other kind's form is always checked.
 */
function checkOf(
  confidence: number,
  options: { carried?: boolean; date?: boolean } = {},
): FieldCheck | undefined {
  if (confidence === 0) return { why: "not-found", filledIn: options.date ? "today" : null };
  return confidence < SURE_ENOUGH || options.carried ? UNSURE : undefined;
}

/** The fields with a check, in a map the forms look fields up in. */
function checksOf<Field extends string>(
  checks: Partial<Record<Field, FieldCheck>>,
): Map<Field, FieldCheck> {
  return new Map(
    (Object.entries(checks) as [Field, FieldCheck | undefined][]).flatMap(([field, check]) =>
      check === undefined ? [] : [[field, check] as const],
    ),
  );
}

/**
 * A cost read in another currency than the person's is flagged, however sure the rules are of
 * it: the form shows it under the person's sign.
 */
function costCheck(
  proposal: FileProposal,
  read: FieldCheck | undefined,
  money: MoneyFormat,
): FieldCheck | undefined {
  const { currency } = proposal;
  if (read?.why === "not-found" || currency === null || currency === money.currency) return read;
  return { why: "currency", currency };
}

/** "Amount: £48.00", in the document's currency: a task has no amount field, and nothing read is lost. */
function amountNote(proposal: FileProposal, money: MoneyFormat): string {
  if (proposal.amount === null) return "";
  const written =
    proposal.currency === null
      ? proposal.amount.toFixed(2)
      : formatMoney(proposal.amount, proposal.currency, money.locale);
  return `Amount: ${written}`;
}

/** The forms' start from a proposal; both empty (task first) without one. */
export function proposalForms(proposal: FileProposal | null, money: MoneyFormat): ProposalForms {
  if (proposal === null) {
    return {
      tab: "task",
      task: TASK_FORM_DEFAULTS,
      subscription: SUBSCRIPTION_FORM_DEFAULTS,
      taskChecks: new Map(),
      subscriptionChecks: new Map(),
    };
  }
  if (proposal.kind === "task") {
    const { task, confidence } = proposal;
    const day = task.due_date.slice(0, 10);
    const carried = { carried: true } as const;
    const values = taskFormValues(task);
    return {
      tab: "task",
      task: { ...values, notes: amountNote(proposal, money) },
      subscription: {
        ...SUBSCRIPTION_FORM_DEFAULTS,
        name: task.title,
        next_renewal_date: day,
        cost:
          proposal.amount === null ? "" : costText(proposal.amount, money.currency, money.locale),
      },
      taskChecks: checksOf({
        title: checkOf(confidence.title),
        due_date: checkOf(confidence.due_date, { date: true }),
        // A date read without a time leaves Time empty (all day): nothing read there to check.
        time: values.time === "" ? undefined : checkOf(confidence.due_date),
        frequency: checkOf(confidence.frequency),
        // Read with the frequency, as one schedule ("every 2 weeks").
        interval: checkOf(confidence.frequency),
        notes: proposal.amount === null ? undefined : checkOf(confidence.amount),
      }),
      subscriptionChecks: checksOf({
        name: checkOf(confidence.title, carried),
        next_renewal_date: checkOf(confidence.due_date, { ...carried, date: true }),
        cost: costCheck(proposal, checkOf(confidence.amount, carried), money),
        frequency: UNSURE,
        interval: UNSURE,
      }),
    };
  }
  const { subscription, confidence } = proposal;
  return {
    tab: "subscription",
    task: {
      ...TASK_FORM_DEFAULTS,
      title: subscription.name,
      due_date: subscription.next_renewal_date,
    },
    subscription: subscriptionFormValues(subscription, money.currency, money.locale),
    taskChecks: checksOf({
      title: checkOf(confidence.name, { carried: true }),
      due_date: checkOf(confidence.next_renewal_date, { carried: true, date: true }),
    }),
    subscriptionChecks: checksOf({
      name: checkOf(confidence.name),
      next_renewal_date: checkOf(confidence.next_renewal_date, { date: true }),
      cost: costCheck(proposal, checkOf(confidence.cost), money),
      frequency: checkOf(confidence.frequency),
      interval: checkOf(confidence.frequency),
    }),
  };
}

/** What the mark beside a flagged field says, for the document `fileName`. */
export function checkNote(check: FieldCheck, fileName: string): string {
  switch (check.why) {
    case "unsure":
      return `Check this: read from ${fileName}`;
    case "not-found":
      return check.filledIn === "today"
        ? `Not found in ${fileName}; today's date filled in`
        : `Not found in ${fileName}`;
    case "currency":
      return `Check this: ${fileName} is in ${check.currency}`;
    default: {
      const unknown: never = check;
      return unknown;
    }
  }
}
