// issue 22: a cost read from a document is written in the person's currency's decimals, as they
// would type it: "1200" in yen, not "1200.00", which the yen field would show as typed.
import { FileProposalSchema } from "@life-admin/domain/reading";
import { describe, expect, it } from "vitest";
import { proposalForms } from "./proposal-form-values";

const SURE = { kind: 0.9, amount: 0.9, currency: 0.9, frequency: 0.9 };

const renewal = (amount: number, currency: string) =>
  FileProposalSchema.parse({
    kind: "subscription",
    subscription: {
      name: "Netflix",
      cost: amount,
      frequency: "Monthly",
      next_renewal_date: "2026-12-14",
      remind_days_before: 7,
      priority: "Medium",
    },
    amount,
    currency,
    confidence: { ...SURE, name: 0.9, next_renewal_date: 0.9, cost: 0.9 },
  });

const bill = (amount: number, currency: string) =>
  FileProposalSchema.parse({
    kind: "task",
    task: { title: "Pay water bill", due_date: "2026-12-14T00:00:00Z", priority: "Medium" },
    amount,
    currency,
    confidence: { ...SURE, title: 0.9, due_date: 0.9 },
  });

describe("proposalForms: the cost in the person's currency's decimals", () => {
  it("writes a renewal's price and a bill's amount without decimals in yen", () => {
    const money = { currency: "JPY" };
    expect(proposalForms(renewal(1200, "JPY"), money).subscription.cost).toBe("1200");
    // A bill's amount carried over to the subscription form, in case the kind was wrong.
    expect(proposalForms(bill(1200, "JPY"), money).subscription.cost).toBe("1200");
  });

  it("writes two decimals in dollars, and keeps what yen has no room for, flagged", () => {
    expect(proposalForms(renewal(12, "USD"), { currency: "USD" }).subscription.cost).toBe("12.00");
    const forms = proposalForms(renewal(12.34, "USD"), { currency: "JPY" });
    expect(forms.subscription.cost).toBe("12.34");
    expect(forms.subscriptionChecks.get("cost")).toEqual({ why: "currency", currency: "USD" });
  });
});

describe("proposalForms: the fields marked to check", () => {
  const unsureBill = (dueDate: string) =>
    FileProposalSchema.parse({
      kind: "task",
      task: { title: "Pay water bill", due_date: dueDate, priority: "Medium" },
      amount: 48,
      currency: "USD",
      confidence: { ...SURE, title: 0.9, due_date: 0.5 },
    });

  it("leaves Time unmarked when no time was read: the field is empty, nothing in it to check", () => {
    const forms = proposalForms(unsureBill("2026-12-14T00:00:00Z"), { currency: "USD" });
    expect(forms.task.time).toBe("");
    expect(forms.taskChecks.get("due_date")).toEqual({ why: "unsure" });
    expect(forms.taskChecks.has("time")).toBe(false);
  });

  it("marks a time read with an unsure date, as the date is", () => {
    const forms = proposalForms(unsureBill("2026-12-14T09:30:00Z"), { currency: "USD" });
    expect(forms.task.time).toBe("09:30");
    expect(forms.taskChecks.get("time")).toEqual({ why: "unsure" });
  });
});

describe("proposalForms: how often it repeats", () => {
  it("starts the proposed form's Repeat every at the proposal's interval", () => {
    const quarterly = FileProposalSchema.parse({
      kind: "subscription",
      subscription: {
        name: "Water",
        cost: 90,
        frequency: "Monthly",
        interval: 3,
        next_renewal_date: "2026-12-14",
        remind_days_before: 7,
        priority: "Medium",
      },
      amount: 90,
      currency: "USD",
      confidence: { ...SURE, name: 0.9, next_renewal_date: 0.9, cost: 0.9 },
    });
    expect(proposalForms(quarterly, { currency: "USD" }).subscription).toMatchObject({
      frequency: "Monthly",
      interval: "3",
    });
    // Read as one schedule: Repeat every is marked when the frequency is.
    const unsure = FileProposalSchema.parse({
      ...quarterly,
      confidence: { ...quarterly.confidence, frequency: 0.4 },
    });
    const checks = proposalForms(unsure, { currency: "USD" }).subscriptionChecks;
    expect(checks.get("interval")).toEqual({ why: "unsure" });
    expect(checks.get("frequency")).toEqual({ why: "unsure" });
    expect(proposalForms(quarterly, { currency: "USD" }).subscriptionChecks.has("interval")).toBe(
      false,
    );
    const fortnightly = FileProposalSchema.parse({
      kind: "task",
      task: {
        title: "Water the garden",
        due_date: "2026-12-14T00:00:00Z",
        frequency: "Weekly",
        interval: 2,
        priority: "Medium",
      },
      amount: null,
      currency: null,
      confidence: { ...SURE, title: 0.9, due_date: 0.9 },
    });
    expect(proposalForms(fortnightly, { currency: "USD" }).task).toMatchObject({
      frequency: "Weekly",
      interval: "2",
    });
  });
});
