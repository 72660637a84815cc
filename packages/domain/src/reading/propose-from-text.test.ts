import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SubscriptionCreateSchema } from "../subscription.js";
import { TaskCreateSchema } from "../task.js";
import { FileProposalSchema, type FileProposal } from "./proposal.js";
import {
  READ_AT_MOST,
  UNNAMED_SUBSCRIPTION_NAME,
  UNNAMED_TASK_TITLE,
  proposeFromText,
} from "./propose-from-text.js";
import { UNSURE_TEXT_CONFIDENCE } from "./unsure-text.js";

const TODAY = "2026-11-20";

/** The body as POST /tasks/ or POST /subscriptions/ reads it: valid, and nothing left to fill in. */
function expectPostable(proposal: FileProposal): void {
  expect(FileProposalSchema.parse(proposal)).toEqual(proposal);
  if (proposal.kind === "task")
    expect(TaskCreateSchema.parse(proposal.task)).toEqual(proposal.task);
  else expect(SubscriptionCreateSchema.parse(proposal.subscription)).toEqual(proposal.subscription);
  for (const confidence of Object.values(proposal.confidence)) {
    expect(confidence).toBeGreaterThanOrEqual(0);
    expect(confidence).toBeLessThanOrEqual(1);
  }
}

describe("proposeFromText", () => {
  it("proposes paying a bill by its due date", () => {
    const bill = [
      "Meadow Gas & Power",
      "Mr Tom Hughes",
      "3 Church Lane",
      "Leeds LS6 2AA",
      "Your gas bill",
      "Bill date: 14 November 2026",
      "Gas used 1,204 kWh £72.40",
      "VAT 5% £3.62",
      "Total to pay £76.02",
      "Please pay by 5 December 2026.",
    ].join("\n");
    const proposal = proposeFromText(bill, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: {
        title: "Pay gas bill (Meadow Gas & Power)",
        due_date: "2026-12-05T00:00:00Z",
        frequency: "Once",
        priority: "Medium",
      },
      amount: 76.02,
      currency: "GBP",
    });
    expect(proposal.confidence).toMatchObject({ due_date: 0.9, amount: 0.9, currency: 0.95 });
  });

  it("proposes a subscription from a renewal notice", () => {
    const notice = [
      "Lexicon Cloud",
      "Your Lexicon Cloud Premium subscription renews automatically on March 14, 2027.",
      "We'll charge $119.88/year to the card on file (sales tax $0.00).",
      "Turn off auto-renew anytime in Settings.",
    ].join("\n");
    const proposal = proposeFromText(notice, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toEqual({
      kind: "subscription",
      subscription: {
        name: "Lexicon Cloud",
        next_renewal_date: "2027-03-14",
        cost: 119.88,
        frequency: "Yearly",
        interval: 1,
        priority: "Medium",
        remind_days_before: 7,
        active: true,
      },
      amount: 119.88,
      currency: "USD",
      confidence: {
        kind: 0.95,
        name: 0.85,
        next_renewal_date: 0.9,
        cost: 0.9,
        frequency: 0.95,
        amount: 0.9,
        currency: 0.95,
      },
    });
  });

  it("proposes the period a renewal notice states, every 3 months", () => {
    const notice =
      "Your home insurance is billed quarterly: £84.00 every 3 months, next payment 1 February 2027";
    const proposal = proposeFromText(notice, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: {
        next_renewal_date: "2027-02-01",
        cost: 84,
        frequency: "Monthly",
        interval: 3,
      },
      amount: 84,
      currency: "GBP",
      confidence: { frequency: 0.95 },
    });
  });

  it("proposes going to an appointment at its time, with no amount", () => {
    const letter = [
      "Hillside Physiotherapy",
      "Dear Ms Shah,",
      "Your appointment is on Friday 4 December 2026 at 3:45pm with Alex.",
    ].join("\n");
    const proposal = proposeFromText(letter, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Appointment at Hillside Physiotherapy", due_date: "2026-12-04T15:45:00Z" },
      amount: null,
      currency: null,
      confidence: { amount: 0, currency: 0 },
    });
  });

  it("proposes renewing what expires", () => {
    const notice =
      "Driving Licence Agency\nYour photocard licence expires on 02/02/2027. Renewing costs £14.";
    const proposal = proposeFromText(notice, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: {
        title: "Renew photocard licence (Driving Licence Agency)",
        due_date: "2027-02-02T00:00:00Z",
      },
      amount: 14,
      currency: "GBP",
    });
  });

  it("proposes booking what falls due", () => {
    const letter = "Vision Express Opticians\nYour eye test is due. Please book before 31/01/2027.";
    const proposal = proposeFromText(letter, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Book eye test (Vision Express Opticians)", due_date: "2027-01-31T00:00:00Z" },
    });
  });

  it("proposes paying a tax that falls due, not booking it", () => {
    const reminder = "DVLA\nYour vehicle tax is due on 1 December 2026.\nTax your vehicle online.";
    const proposal = proposeFromText(reminder, { today: TODAY });
    expect(proposal.kind === "task" && proposal.task.title).toBe("Pay vehicle tax (DVLA)");
  });

  it("does not propose paying a statement that asks for nothing", () => {
    const inCredit = [
      "Northgate Energy",
      "Statement date 20 November 2026",
      "Balance £45.20 in credit. There is nothing to pay.",
    ].join("\n");
    const settled = "Harbour Water\nYour bill\nAmount paid £48.00\nBalance due £0.00";
    for (const text of [inCredit, settled]) {
      const proposal = proposeFromText(text, { today: TODAY });
      expect(proposal.kind === "task" && proposal.task.title).toMatch(/^Review /);
      expect(proposal.confidence).toMatchObject({ title: 0.5 });
    }
  });

  it("proposes no sum to pay from a bill in credit, not its charges", () => {
    const inCredit = [
      "Brightwell Energy",
      "Your energy bill",
      "Bill date 26 November 2026",
      "Total charges this period £70.57",
      "Balance brought forward -£115.77",
      "You are in credit £45.20",
      "Nothing to pay. We will not take a payment this month.",
      "Your next bill is due on 26 December 2026.",
    ].join("\n");
    const proposal = proposeFromText(inCredit, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Review energy bill (Brightwell Energy)" },
      amount: null,
      currency: null,
      confidence: { amount: 0, currency: 0 },
    });
  });

  it("keeps the sum of a bill whose Direct Debit is still taken", () => {
    const collected = [
      "Brightwell Energy",
      "Your energy bill",
      "Total charges this period £70.57",
      "Nothing to pay now: we'll collect £70.57 by Direct Debit on 5 December 2026.",
    ].join("\n");
    const creditAfterCollection = [
      "Northgate Energy",
      "Your bill",
      "Your account will be in credit by £12.00 after this bill.",
      "Your monthly Direct Debit of £80.00 will be collected on 5 December 2026.",
    ].join("\n");
    const smallPrint = [
      "Northgate Energy",
      "Your bill",
      "Amount due £70.57",
      "Please pay by 10 December 2026.",
      "If you are in credit at the end of the year, we'll refund you.",
    ].join("\n");
    for (const [text, amount] of [
      [collected, 70.57],
      [creditAfterCollection, 80],
      [smallPrint, 70.57],
    ] as const) {
      const proposal = proposeFromText(text, { today: TODAY });
      expect(proposal.kind === "task" && proposal.task.title).toMatch(/^Pay /);
      expect(proposal).toMatchObject({ amount, currency: "GBP" });
    }
  });

  it("proposes paying a penalty charge's reduced sum by the earlier date", () => {
    const notice = [
      "City of Westbridge Council",
      "Penalty Charge Notice WB40021877",
      "Date of notice 24 November 2026",
      "Penalty charge £110",
      "The penalty charge is £110, reduced to £55 if paid within 14 days of the date of this notice.",
      "If the charge is not paid within 28 days of the date of this notice, it may increase by 50%.",
    ].join("\n");
    const proposal = proposeFromText(notice, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { due_date: "2026-12-08T00:00:00Z" },
      amount: 55,
      currency: "GBP",
    });
  });

  it("proposes paying a penalty's discounted sum by its date when the notice states the full sum first", () => {
    const withinDays = [
      "Eastmoor District Council",
      "Parking Services",
      "Penalty Charge Notice EM4410275",
      "Date of notice 24 November 2026",
      "Pay £70 within 28 days of the date of this notice, or £35 if paid within 14 days.",
    ].join("\n");
    const byDate = [
      "Eastmoor District Council",
      "Penalty Charge Notice EM4410275",
      "Pay £70 within 28 days from the date of issue, or £35 if paid by 8 December 2026.",
    ].join("\n");
    for (const text of [withinDays, byDate]) {
      const proposal = proposeFromText(text, { today: TODAY });
      expect(proposal).toMatchObject({
        kind: "task",
        task: { due_date: "2026-12-08T00:00:00Z" },
        amount: 35,
        currency: "GBP",
      });
    }
  });

  it("proposes reviewing a statement whose credit is carried to the next bill, with nothing to pay", () => {
    const card = [
      "Harbour Bank",
      "Credit Card Statement",
      "Card ending 4821",
      "Statement date 20 November 2026",
      "Previous balance £35.60",
      "Payments received -£60.00",
      "New balance £24.40 CR",
      "Your account is in credit. Your credit of £24.40 will be carried to your next bill.",
    ].join("\n");
    const energy = [
      "Brightwell Energy",
      "Your energy statement",
      "Account in credit £18.75",
      "Your credit will be carried forward and taken off your next bill, due on 26 December 2026.",
    ].join("\n");
    for (const text of [card, energy]) {
      const proposal = proposeFromText(text, { today: TODAY });
      expectPostable(proposal);
      expect(proposal).toMatchObject({
        kind: "task",
        task: { title: expect.stringMatching(/^Review /) as string },
        amount: null,
        currency: null,
      });
    }
  });

  it("proposes reviewing a bank account's statement, not paying its balance", () => {
    const statement = [
      "Northbridge Bank",
      "Current Account Statement",
      "Sort code 20-45-77 Account number 41234567",
      "Statement period 1 October 2026 to 31 October 2026",
      "Opening balance £1,204.50",
      "Money in £2,310.00",
      "Money out £1,876.20",
      "Closing balance £1,638.30",
      "Date Description Money out Money in Balance",
      "03 Oct 2026 Direct Debit StreamBox membership 10.99 1,193.51",
      "28 Oct 2026 Salary Harbour Logistics 2,310.00 3,503.51",
    ].join("\n");
    const proposal = proposeFromText(statement, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Review Northbridge Bank statement" },
      amount: null,
      currency: null,
      confidence: { amount: 0, currency: 0 },
    });
  });

  it("proposes paying a trip's deposit by its date, not the trip's whole cost", () => {
    const letter = [
      "Oakfield Primary School",
      "Year 6 residential trip to Kingswood",
      "The trip costs £185 in total. A deposit of £50 is due by 12 December 2026.",
      "The remaining £135 is payable by 12 February 2027.",
    ].join("\n");
    const proposal = proposeFromText(letter, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { due_date: "2026-12-12T00:00:00Z" },
      amount: 50,
    });
  });

  it("proposes paying a card statement's balance by its due date", () => {
    const statement = [
      "Harbour Bank Credit Card",
      "Statement date 20 November 2026",
      "New balance £734.18",
      "Minimum payment £25.00",
      "Payment due date 14 Dec 2026",
    ].join("\n");
    const proposal = proposeFromText(statement, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Pay Harbour Bank Credit Card bill", due_date: "2026-12-14T00:00:00Z" },
      amount: 734.18,
      confidence: { amount: 0.7 },
    });
  });

  it("pairs a subscription's cost with its own period", () => {
    const offer =
      "Streamly Premium\nYour plan renews on 12 December 2026.\n£119.88/year - that's just £9.99/month.";
    const proposal = proposeFromText(offer, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: { cost: 119.88, frequency: "Yearly" },
    });
  });

  it("takes the price after a free trial, not the nothing due today", () => {
    const trial = [
      "Streamly",
      "Your free trial has started. Your subscription renews automatically.",
      "Due today £0.00",
      "From 12 December 2026 £10.99 per month",
    ].join("\n");
    const proposal = proposeFromText(trial, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: { cost: 10.99, frequency: "Monthly" },
    });
  });

  it("does not take a helpline's hours for how often a subscription renews", () => {
    const gym = [
      "FitLife Gym Ltd",
      "Membership fee £35.00",
      "Renews on 1 December 2026",
      "Our gyms are open 24 hours a day, 7 days a week.",
    ].join("\n");
    const proposal = proposeFromText(gym, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: { frequency: "Monthly" },
      confidence: { frequency: 0.2 },
    });
  });

  it("proposes a yearly premium a renewal quotes 'for the year'", () => {
    const renewal = [
      "Harbour Home Insurance",
      "Your home insurance renewal",
      "Renewal date 5 January 2027",
      "Premium £312.40 for the year",
      "Excess £250",
      "Your policy will renew automatically.",
    ].join("\n");
    const proposal = proposeFromText(renewal, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: { cost: 312.4, frequency: "Yearly", next_renewal_date: "2027-01-05" },
    });
    expect(proposal.confidence.frequency).toBeGreaterThanOrEqual(0.9);
  });

  it("proposes paying an invoice's total with VAT, not a fee in its small print", () => {
    const invoice = [
      "Plomberie Dubois SARL",
      "12 rue des Lilas, 69003 Lyon",
      "Invoice no. F-2026-318 dated 18/11/2026",
      "Repair of water heater 420,00 EUR",
      "Parts 186,50 EUR",
      "Total excl. VAT 606,50 EUR",
      "VAT 20% 121,30 EUR",
      "Total incl. VAT 727,80 EUR",
      "Due date: 18/12/2026",
      "Late payment penalties: 3 times the legal interest rate; fixed fee of 40 EUR for recovery costs.",
    ].join("\n");
    const proposal = proposeFromText(invoice, { today: TODAY, personName: "Anna Schmidt" });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Pay Plomberie Dubois SARL bill", due_date: "2026-12-18T00:00:00Z" },
      amount: 727.8,
      currency: "EUR",
    });
  });

  it("reads a bill's due date and amount from a table's row under its headings", () => {
    const bill = [
      "Cascade Power & Light",
      "PO Box 3300, Portland, OR 97208",
      "Statement Date 11/16/2026",
      "Billing Period 10/14/2026 - 11/12/2026",
      "Previous Balance $98.44",
      "Payment Received 10/30/2026 -$98.44",
      "Current Charges $112.36",
      "Amount Due $ Due Date",
      "112.36 12/07/2026",
    ].join("\n");
    const proposal = proposeFromText(bill, { today: TODAY, personName: "John Miller" });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { due_date: "2026-12-07T00:00:00Z" },
      amount: 112.36,
      confidence: { due_date: 0.9, amount: 0.9 },
    });
  });

  it("proposes the instalment due next, not the year's charge", () => {
    const bill = [
      "Westbridge Council",
      "Council Tax Bill 2026/27",
      "Annual charge £1,842.60",
      "1st instalment £184.35 due 1 April 2026, then 9 instalments of £184.25.",
      "Your next instalment of £184.25 is due on 1 December 2026.",
    ].join("\n");
    const proposal = proposeFromText(bill, { today: TODAY });
    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Pay Council Tax (Westbridge Council)", due_date: "2026-12-01T00:00:00Z" },
      amount: 184.25,
    });
  });

  it("proposes no date to act on from a paid receipt's returns window", () => {
    const receipt = [
      "Greenleaf Garden Centre",
      "Date 17/11/2026 14:32",
      "Total £25.73",
      "Paid VISA ****4821 £25.73",
      "Thank you for your payment",
      "Returns accepted within 28 days with receipt.",
    ].join("\n");
    const proposal = proposeFromText(receipt, { today: TODAY });
    expect(proposal.kind === "task" && proposal.task.due_date).toBe("2026-11-17T14:32:00Z");
    expect(proposal.confidence).toMatchObject({ due_date: 0.35 });
  });

  it("proposes paying a named kind of bill, in the document's words", () => {
    const notice = "Council Tax\nPlease pay £120.00 by 01/12/2026.";
    const proposal = proposeFromText(notice, { today: TODAY });
    expect(proposal.kind === "task" && proposal.task.title).toBe("Pay Council Tax");
  });

  it("calls a task by its sender when it says nothing more", () => {
    const proposal = proposeFromText("Greenfields Vets\nSee you on 7 January 2027.", {
      today: TODAY,
    });
    expect(proposal.kind === "task" && proposal.task.title).toBe("Greenfields Vets");
  });

  it("is less sure of a task's single occurrence when the document speaks of a period", () => {
    const monthly = proposeFromText("Amount due £10.00 by 01/12/2026, billed every month", {
      today: TODAY,
    });
    const once = proposeFromText("Amount due £10.00 by 01/12/2026", { today: TODAY });
    expect(monthly.kind === "task" && monthly.confidence.frequency).toBe(0.5);
    expect(once.kind === "task" && once.confidence.frequency).toBe(0.8);
  });

  it("proposes a bill that speaks of a period as a task that happens once", () => {
    const bill = "Amount due £84.00 by 01/12/2026, billed every 3 months";
    const proposal = proposeFromText(bill, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "task",
      task: { frequency: "Once", interval: 1 },
      confidence: { frequency: 0.5 },
    });
  });

  it("fills what the text does not show with placeholders the form marks (confidence 0)", () => {
    const task = proposeFromText("", { today: TODAY });
    expectPostable(task);
    expect(task).toEqual({
      kind: "task",
      task: {
        title: UNNAMED_TASK_TITLE,
        due_date: "2026-11-20T00:00:00Z",
        frequency: "Once",
        interval: 1,
        priority: "Medium",
      },
      amount: null,
      currency: null,
      confidence: { kind: 0.5, title: 0, due_date: 0, frequency: 0.8, amount: 0, currency: 0 },
    });
    const subscription = proposeFromText("your subscription renews automatically", {
      today: TODAY,
    });
    expectPostable(subscription);
    expect(subscription).toMatchObject({
      kind: "subscription",
      subscription: {
        name: UNNAMED_SUBSCRIPTION_NAME,
        next_renewal_date: TODAY,
        cost: 0,
        frequency: "Monthly",
      },
      confidence: {
        name: 0,
        next_renewal_date: 0,
        cost: 0,
        frequency: 0.2,
        amount: 0,
        currency: 0,
      },
    });
  });

  it("names a document by its file when the text does not", () => {
    const proposal = proposeFromText("Amount due £5.00", {
      today: TODAY,
      fileName: "Window cleaner.pdf",
    });
    expect(proposal.kind === "task" && proposal.task.title).toBe("Pay Window cleaner bill");
    expect(proposal.confidence).toMatchObject({ title: 0.2 });
  });

  it("proposes no cost a subscription cannot have, but keeps the amount read", () => {
    const notice = "Megacorp Leasing\nYour lease renews automatically: £2,500,000.00 per year.";
    const proposal = proposeFromText(notice, { today: TODAY });
    expectPostable(proposal);
    expect(proposal).toMatchObject({
      kind: "subscription",
      subscription: { cost: 0 },
      amount: 2_500_000,
      confidence: { cost: 0 },
    });
  });

  it("names the biller, not the person, when the letterhead is a logo and the letter opens with them", () => {
    const bill = [
      "John Miller",
      "2847 Oak Street, Apt 5",
      "Portland, OR 97205",
      "Your water bill",
      "Amount due $67.15",
      "Due by 12/09/2026",
      "Cedar Valley Water Co, 100 River Rd, Portland OR 97201",
    ].join("\n");

    const proposal = proposeFromText(bill, { today: TODAY, personName: "John Miller" });

    expect(proposal).toMatchObject({
      kind: "task",
      task: { title: "Pay water bill (Cedar Valley Water Co)" },
    });
  });

  it("marks no field sure when the text came from OCR that read little real text", () => {
    const bill =
      "Northgate Energy\nYour electricity bill\nAmount due £84.20\nPay by 3 December 2026.";

    const proposal = proposeFromText(bill, { today: TODAY, textIsUnsure: true });

    expect(proposal).toMatchObject({ kind: "task", amount: 84.2 });
    expect(Math.max(...Object.values(proposal.confidence))).toBeLessThanOrEqual(
      UNSURE_TEXT_CONFIDENCE,
    );
  });

  it("keeps a title on one line when the thing it names runs over a line break", () => {
    const proposal = proposeFromText("A \n renews on expires", { today: TODAY });

    expectPostable(proposal);
    expect(proposal.kind === "task" && proposal.task.title).not.toMatch(/\n/);
  });

  it("keeps a long title within the limit", () => {
    const name = `${"Very ".repeat(11)}Long Name`;
    const proposal = proposeFromText(`x\n${"Your appointment".repeat(1)}\n`, {
      today: TODAY,
      fileName: `${name.repeat(5)}.pdf`,
    });
    expectPostable(proposal);
    expect(proposal.kind === "task" && proposal.task.title.length).toBeLessThanOrEqual(200);
  });

  it("reads only the start of a very long text", () => {
    const padding = "Terms and conditions apply.\n".repeat(Math.ceil(READ_AT_MOST / 28));
    const proposal = proposeFromText(`${padding}Amount due £99.00`, { today: TODAY });
    expect(proposal.amount).toBeNull();
  });

  it("always proposes a body POST /tasks/ or POST /subscriptions/ takes, whatever the text", () => {
    const words = fc.constantFrom(
      "renews on",
      "due by",
      "appointment",
      "expires",
      "per month",
      "£",
      "$",
      "€",
      "12,50",
      "1.234,56",
      "05/12/2026",
      "31/02/2027",
      "2026-12-05",
      "March 3, 2027",
      "Total",
      "\n",
      " ",
      "subscription",
      "Ltd",
      "every 3 months",
      "every 99 days",
      "twice a month",
      "quarterly",
      "at 10:30am",
      "\u200b",
      "-",
      "9".repeat(12),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { maxLength: 40 }),
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        (pieces, fileName) => {
          const proposal = proposeFromText(pieces.join(" "), {
            today: TODAY,
            ...(fileName === undefined ? {} : { fileName }),
          });
          expectPostable(proposal);
        },
      ),
      { numRuns: 300 },
    );
  });
});
