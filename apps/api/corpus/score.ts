// How a proposal compares with a document's label, field by field, and the accuracy over many.
import type { FileProposal } from "@life-admin/domain";
import type { LabelFile } from "./labels.js";

export const FIELDS = ["kind", "name", "date", "amount", "currency", "frequency"] as const;
export type Field = (typeof FIELDS)[number];
export type FieldResults = Record<Field, boolean>;

/** Issue 21's goals: date and amount at least 90%, kind, frequency and name at least 80%. */
export const GOALS: Readonly<Partial<Record<Field, number>>> = {
  kind: 0.8,
  name: 0.8,
  date: 0.9,
  amount: 0.9,
  frequency: 0.8,
};

/** A name longer than this is not a name but a paragraph, even when it holds the right words. */
const LONGEST_FAIR_NAME = 100;

export function compare(proposal: FileProposal, expected: LabelFile["expected"]): FieldResults {
  const [name, date, frequency] =
    proposal.kind === "task"
      ? [proposal.task.title, proposal.task.due_date.slice(0, 10), proposal.task.frequency]
      : [
          proposal.subscription.name,
          proposal.subscription.next_renewal_date,
          proposal.subscription.frequency,
        ];
  return {
    kind: proposal.kind === expected.kind,
    name: name.length <= LONGEST_FAIR_NAME && comparable(name).includes(comparable(expected.name)),
    date: date === expected.date,
    amount:
      expected.amount === null
        ? proposal.amount === null
        : proposal.amount !== null && Math.abs(proposal.amount - expected.amount) < 0.005,
    currency: proposal.currency === expected.currency,
    frequency: frequency === expected.frequency,
  };
}

/** Lower case, letters and digits only, one space between words: "St Aldhelm's" ~ "st aldhelms". */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f'’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export interface Accuracy {
  documents: number;
  /** The share of documents with each field right, 0..1 (NaN with no documents). */
  fields: Record<Field, number>;
}

export function accuracyOf(results: readonly FieldResults[]): Accuracy {
  const fields = Object.fromEntries(
    FIELDS.map((field) => [
      field,
      results.filter((result) => result[field]).length / results.length,
    ]),
  ) as Record<Field, number>;
  return { documents: results.length, fields };
}

/** The fields whose accuracy is under its goal. */
export function fieldsBelowGoal(accuracy: Accuracy): Field[] {
  return FIELDS.filter((field) => {
    const goal = GOALS[field];
    return goal !== undefined && !(accuracy.fields[field] >= goal);
  });
}
