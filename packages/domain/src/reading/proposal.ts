// Issue 21, decisions D14: what reading a document proposes. The person confirms it; nothing is
// created behind their back. The proposal carries a body exactly as POST /tasks/ or
// POST /subscriptions/ takes it, so the form can be prefilled and saved without translation.
import * as z from "zod/mini";
import { type IsoDate } from "../iso-dates.js";
import { SubscriptionCreateSchema } from "../subscription.js";
import { TaskCreateSchema } from "../task.js";

/** How sure the rules are of one field: 0 (a placeholder, nothing found) to 1 (read plainly). */
export const ConfidenceSchema = /* @__PURE__ */ z.number().check(z.minimum(0), z.maximum(1));

/** An ISO 4217 code, "GBP", "USD", "EUR". */
export const CurrencyCodeSchema = /* @__PURE__ */ z
  .string()
  .check(z.regex(/^[A-Z]{3}$/, { error: "Use an ISO 4217 currency code like GBP" }));

/** The sum to pay or the price, for either kind; null when the document shows none. */
const AmountSchema = /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.number().check(z.minimum(0)));

/**
 * One confidence per field proposed, under the names the form and the body use, plus the kind and
 * the amount's currency. A field the document did not show is still filled (the bodies require
 * it), with confidence 0, so the form can mark it.
 */
export const TaskProposalConfidenceSchema = /* @__PURE__ */ z.object({
  kind: ConfidenceSchema,
  title: ConfidenceSchema,
  due_date: ConfidenceSchema,
  frequency: ConfidenceSchema,
  amount: ConfidenceSchema,
  currency: ConfidenceSchema,
});
export type TaskProposalConfidence = z.infer<typeof TaskProposalConfidenceSchema>;

export const SubscriptionProposalConfidenceSchema = /* @__PURE__ */ z.object({
  kind: ConfidenceSchema,
  name: ConfidenceSchema,
  next_renewal_date: ConfidenceSchema,
  cost: ConfidenceSchema,
  frequency: ConfidenceSchema,
  amount: ConfidenceSchema,
  currency: ConfidenceSchema,
});
export type SubscriptionProposalConfidence = z.infer<typeof SubscriptionProposalConfidenceSchema>;

export const TaskProposalSchema = /* @__PURE__ */ z.object({
  kind: z.literal("task"),
  task: TaskCreateSchema,
  amount: AmountSchema,
  currency: z.nullable(CurrencyCodeSchema),
  confidence: TaskProposalConfidenceSchema,
});

export const SubscriptionProposalSchema = /* @__PURE__ */ z.object({
  kind: z.literal("subscription"),
  subscription: SubscriptionCreateSchema,
  amount: AmountSchema,
  currency: z.nullable(CurrencyCodeSchema),
  confidence: SubscriptionProposalConfidenceSchema,
});

/**
 * `{"kind": "task", "task": {...}}` or `{"kind": "subscription", "subscription": {...}}`. A plain
 * union (each side's literal `kind` tells them apart as well): zod's discriminatedUnion would be
 * code of its own in the web app's first download, where zod's modules live (issue 7's budget),
 * though only the Upload screen checks a proposal.
 */
export const FileProposalSchema = /* @__PURE__ */ z.union([
  TaskProposalSchema,
  SubscriptionProposalSchema,
]);
export type FileProposal = z.output<typeof FileProposalSchema>;
export type TaskProposal = z.output<typeof TaskProposalSchema>;
export type SubscriptionProposal = z.output<typeof SubscriptionProposalSchema>;

/**
 * What the rules know besides the text: "today" (no clock in the domain), the file's name, whose
 * file it is, and how sure its reader was of the text.
 */
export interface ProposalContext {
  today: IsoDate;
  fileName?: string;
  /**
   * The name of the person the file is read for (the uploader's, as their account has it). A
   * letter's addressee is its reader: never taken for the sender, nor the address below it.
   */
  personName?: string | null;
  /** The text came from OCR that read little real text: no field is proposed as sure. */
  textIsUnsure?: boolean;
}
