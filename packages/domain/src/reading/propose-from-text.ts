// Issue 21, decisions D14: the pure rules that turn a document's text into a proposal: a task (a
// bill to pay by a date, an appointment, something that expires) or a subscription (something
// that renews), each field with how sure the rules are of it.
import { buildDueDate, type IsoDate } from "../iso-dates.js";
import { COST_MAX, SUBSCRIPTION_NAME_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "../limits.js";
import { DEFAULT_REMINDER_DAYS } from "../reminders.js";
import { hasAtMostTwoDecimals } from "../subscription.js";
import { isAccountStatement } from "./account-statement.js";
import { findAmount, type FoundAmount } from "./amounts.js";
import { dateOrderOf } from "./date-order.js";
import { findDueDate, type FoundDate } from "./dates.js";
import { findFrequency } from "./frequency.js";
import { type FoundKind, findKind } from "./kind.js";
import { findBillSubject, findSender, findThingToDo, type FoundText } from "./names.js";
import {
  type FileProposal,
  type ProposalContext,
  type SubscriptionProposal,
  type TaskProposal,
} from "./proposal.js";
import { linesOf } from "./text-lines.js";
import { asUnsure } from "./unsure-text.js";

/**
 * How much of the text is read: what a document is about is on its first pages, and the rules'
 * time grows with the text (100,000 characters, some thirty pages, read in about 0.2 s).
 */
export const READ_AT_MOST = 100_000;

/** What a task is called when the document names nothing to call it. */
export const UNNAMED_TASK_TITLE = "Review document";
/** The same for a subscription. */
export const UNNAMED_SUBSCRIPTION_NAME = "Subscription";

/**
 * A task or subscription proposed from a document's text (pure: no I/O, "today" passed in). Every
 * field is filled so that the body validates as it is; a field the text did not show has
 * confidence 0 (a placeholder: today, no cost), one guessed a low confidence, and every one a low
 * confidence when the text itself is in doubt (unsure-text.ts).
 */
export function proposeFromText(text: string, context: ProposalContext): FileProposal {
  const proposal = proposalAsRead(text, context);
  return context.textIsUnsure === true ? asUnsure(proposal) : proposal;
}

/** The proposal as if every word of the text were read right. */
function proposalAsRead(text: string, context: ProposalContext): FileProposal {
  const lines = linesOf(text.slice(0, READ_AT_MOST));
  const whole = lines.map((line) => line.text).join("\n");
  const lower = whole.toLowerCase();
  // A bank statement is only to look at: what its rows pay (a membership, a plan) renews nothing
  // of its own, and its dates are those of money already moved, none a date to act on.
  const statement = isAccountStatement(lower);
  const kind: FoundKind = statement ? { kind: "task", confidence: 0.7 } : findKind(whole);
  const date = statement ? null : findDueDate(lines, dateOrderOf(whole), context.today);
  const money = findAmount(lines);
  const sender = findSender(lines, context);
  if (kind.kind === "task") {
    const asksForNothing = statement || money?.amount === 0 || asksForNoPayment(lower);
    // A bill that asks for nothing proposes no sum to pay: its charges, already covered, are
    // not one, and a task's amount is what the person pays (the labels' "null when the document
    // asks for no sum"). A subscription keeps its price: "nothing to pay today" starts a trial.
    const payable = asksForNothing && money?.amount !== 0 ? null : money;
    const title = statement ? statementTitle(sender) : taskTitle(whole, sender, asksForNothing);
    return {
      kind: "task",
      task: {
        title: title.text,
        due_date: dueDateOf(date, context.today),
        frequency: "Once",
        interval: 1,
        priority: "Medium",
      },
      amount: payable?.amount ?? null,
      currency: payable?.currency ?? null,
      confidence: {
        kind: kind.confidence,
        title: title.confidence,
        due_date: date === null ? 0 : date.confidence,
        // A task from a document happens once; unsure when the document also speaks of a period.
        frequency: findFrequency(whole) === null ? 0.8 : 0.5,
        amount: payable?.amountConfidence ?? 0,
        currency: payable?.currencyConfidence ?? 0,
      },
    } satisfies TaskProposal;
  }
  const frequency = findFrequency(whole, money?.phrase);
  const cost = costOf(money);
  const amountConfidence = money?.amountConfidence ?? 0;
  return {
    kind: "subscription",
    subscription: {
      name: clamp(sender?.text ?? UNNAMED_SUBSCRIPTION_NAME, SUBSCRIPTION_NAME_MAX_LENGTH),
      next_renewal_date: date?.date ?? context.today,
      cost: cost ?? 0,
      frequency: frequency?.frequency ?? "Monthly",
      interval: frequency?.interval ?? 1,
      priority: "Medium",
      remind_days_before: DEFAULT_REMINDER_DAYS,
      active: true,
    },
    amount: money?.amount ?? null,
    currency: money?.currency ?? null,
    confidence: {
      kind: kind.confidence,
      name: sender?.confidence ?? 0,
      next_renewal_date: date?.confidence ?? 0,
      cost: cost === null ? 0 : amountConfidence,
      // Monthly is what most subscriptions are; said as a guess.
      frequency: frequency?.confidence ?? 0.2,
      amount: amountConfidence,
      currency: money?.currencyConfidence ?? 0,
    },
  } satisfies SubscriptionProposal;
}

/**
 * A statement that asks for nothing: in credit, nothing to pay, no payment needed, no payment
 * taken. Not "if you are in credit" (a bill's small print), nor "nothing to pay today" or "until
 * 1 March" (a payment put off, not waived).
 */
const NOTHING_TO_PAY =
  /\b(?:nothing to pay|no (?:payment|action) (?:is )?(?:due|needed|required))\b(?! (?:today|now|yet|until|before|for now)\b)|\b(?:will not|won't) (?:take|collect) (?:a |any )?payment\b|(?<!\bif (?:you(?:'re| are)|your account is) )\bin credit\b/;

/**
 * A payment still taken, whatever else the bill says ("nothing to do: we will collect £70.57 on 5
 * December", "your Direct Debit of £80.00 will be collected"): the bill asks for that sum.
 */
const PAYMENT_TAKEN =
  /\b(?:we will|we'll|will) (?:collect|take|debit)\b|\bwill be (?:collected|taken|debited)\b/;

function asksForNoPayment(lower: string): boolean {
  return NOTHING_TO_PAY.test(lower) && !PAYMENT_TAKEN.test(lower);
}

/**
 * What to do: go to the appointment, renew what expires, book what is due, pay the bill; the sender in brackets when
 * the action does not already name it. A bill that asks for nothing (in credit, £0.00 due) is
 * only to look at, and said to be a guess.
 */
function taskTitle(text: string, sender: FoundText | null, asksForNothing: boolean): FoundText {
  const lower = text.toLowerCase();
  const toDo = findThingToDo(text);
  const subject = findBillSubject(text);
  const payment = (what: string, confidence: number): FoundText =>
    asksForNothing
      ? { text: `Review ${what}`, confidence: 0.5 }
      : { text: `Pay ${what}`, confidence };
  let action: FoundText | null = null;
  if (/\bappointment\b/.test(lower) && sender !== null) {
    action = { text: `Appointment at ${sender.text}`, confidence: sender.confidence };
  } else if (toDo !== null) {
    action = { text: `${toDo.verb} ${toDo.text}`, confidence: toDo.confidence };
  } else if (subject !== null) {
    action = payment(subject, 0.7);
  } else if (
    /\b(?:bill|invoice|statement|amount due|total due|to pay)\b/.test(lower) &&
    sender !== null
  ) {
    action = payment(`${sender.text} bill`, sender.confidence);
  }
  if (action === null) return sender ?? { text: UNNAMED_TASK_TITLE, confidence: 0 };
  const named =
    sender === null || action.text.toLowerCase().includes(sender.text.toLowerCase())
      ? action.text
      : `${action.text} (${sender.text})`;
  return { text: clamp(named, TASK_TITLE_MAX_LENGTH), confidence: action.confidence };
}

/**
 * A bank statement is only to look at, said to be a guess: "Review Northbridge Bank statement"
 * (its balances are not a bill).
 */
function statementTitle(sender: FoundText | null): FoundText {
  const name = sender?.text ?? "bank";
  const named = /\bstatement\b/i.test(name) ? name : `${name} statement`;
  return { text: clamp(`Review ${named}`, TASK_TITLE_MAX_LENGTH), confidence: 0.5 };
}

/** decisions D6: `{date}T{time or 00:00}:00Z`; today, as a placeholder, when the text has no date. */
function dueDateOf(date: FoundDate | null, today: IsoDate): string {
  return date === null ? buildDueDate(today) : buildDueDate(date.date, date.time);
}

/** The amount as a subscription's cost, when it is one the form takes. */
function costOf(money: FoundAmount | null): number | null {
  if (money === null || money.amount > COST_MAX || !hasAtMostTwoDecimals(money.amount)) return null;
  return money.amount;
}

/**
 * One line, trimmed and at most `maxLength` long, as the bodies' schemas keep it: what a title
 * names may run over a line break ("Your A\nrenews on ...").
 */
function clamp(text: string, maxLength: number): string {
  return text.replace(/\s+/g, " ").trim().slice(0, maxLength).trim();
}
