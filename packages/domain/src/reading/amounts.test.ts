import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, findAmount } from "./amounts.js";
import { linesOf } from "./text-lines.js";

function amountIn(text: string) {
  return findAmount(linesOf(text));
}

describe("findAmount", () => {
  it.each([
    ["Amount due £84.20", 84.2, "GBP"],
    ["Total Amount Due $142.87", 142.87, "USD"],
    ["Amount to pay: € 240,60.", 240.6, "EUR"],
    ["Annual premium: 312,40 EUR", 312.4, "EUR"],
    ["Total to pay 48,20 €", 48.2, "EUR"],
    ["Second half due $1,845.32", 1845.32, "USD"],
    ["Price GBP 10.99", 10.99, "GBP"],
    ["Renewal fee US$54.00", 54, "USD"],
    ["Amount due CA$ 142.18", 142.18, "CAD"],
    ["Total A$85.00", 85, "AUD"],
    ["Premium AU$ 310.00", 310, "AUD"],
    ["Please pay NZ$64.50", 64.5, "NZD"],
    ["Total HK$1,280.00", 1280, "HKD"],
    ["Amount due S$42.90", 42.9, "SGD"],
    ["Price CHF 49.90", 49.9, "CHF"],
    ["Total 120.00 CAD", 120, "CAD"],
  ])("reads %j", (text, amount, currency) => {
    expect(amountIn(text)).toMatchObject({ amount, currency });
  });

  it("keeps with the amount the words that speak of it, not those of another on its line", () => {
    expect(amountIn("£119.88/year - that's just £9.99/month.")).toMatchObject({
      amount: 119.88,
      phrase: "£119.88/year - that's just",
    });
  });

  it("takes a price to come over nothing due today", () => {
    const trial = "Due today £0.00\nFrom 12 December 2026 £10.99 per month";
    expect(amountIn(trial)).toMatchObject({ amount: 10.99, amountConfidence: 0.7 });
    expect(amountIn("Prices from £5.99")).toBeNull();
  });

  it("takes the amount due over the lines of a bill and what was paid before", () => {
    const bill = [
      "Electricity used: 412 kWh at 24.50p £100.94",
      "VAT at 5% £5.87",
      "Total charges this period £123.35",
      "Payment received, thank you -£39.15",
      "Amount due £84.20",
    ].join("\n");
    expect(amountIn(bill)?.amount).toBe(84.2);
  });

  it("takes the total over a subtotal and the tax", () => {
    expect(amountIn("Subtotal $50.00\nSales tax $4.13\nTotal $54.13")?.amount).toBe(54.13);
  });

  it("takes the price that recurs over a one-off on the same receipt", () => {
    const receipt = "Towel hire 2.00\nTOTAL £31.99\nMembership: £29.99 a month";
    expect(amountIn(receipt)?.amount).toBe(29.99);
  });

  it.each([
    ["£9.99 every 2 weeks", 9.99],
    ["£84.00 per quarter", 84],
    ["£84.00 quarterly", 84],
    ["£19.50 every other month", 19.5],
  ])("takes a price that recurs, %j, over a one-off fee", (price, amount) => {
    expect(amountIn(`Joining fee £20.00\nThen ${price}`)?.amount).toBe(amount);
  });

  it("takes this year's over last year's on the same line", () => {
    expect(amountIn("Total annual cost £327.84 £307.45")?.amount).toBe(327.84);
  });

  it("sets aside conditions, instalments and rates", () => {
    const letter = [
      "Your annual premium is £486.35.",
      "If you pay monthly, 12 payments of £42.56 will be collected.",
      "Calls from £1.50 per minute.",
      "The charge may rise to £97.50 if unpaid.",
    ].join("\n");
    expect(amountIn(letter)?.amount).toBe(486.35);
  });

  it("reads a column of bare amounts under a currency heading as that currency", () => {
    const receipt = "Item £\nMonthly membership 29.99\nTowel hire 2.00\nTOTAL 31.99";
    expect(amountIn(receipt)).toMatchObject({ amount: 31.99, currency: null });
    const withTotal = "Coffee 2.50\nCake 3.10\nTotal 5.60\nPaid £5.60";
    expect(amountIn(withTotal)).toMatchObject({
      amount: 5.6,
      currency: "GBP",
      currencyConfidence: 0.6,
    });
  });

  it("is surer of an amount labelled as the sum due", () => {
    expect(amountIn("Amount due £84.20")?.amountConfidence).toBe(0.9);
    expect(amountIn("Total £84.20")?.amountConfidence).toBe(0.7);
    expect(amountIn("£84.20")?.amountConfidence).toBe(0.35);
    expect(amountIn("£84.20")?.currencyConfidence).toBe(0.95);
  });

  it("takes a total that includes the VAT, not a fee in the small print", () => {
    const invoice = [
      "Total excl. VAT 606,50 EUR",
      "VAT 20% 121,30 EUR",
      "Total incl. VAT 727,80 EUR",
      "Late payment penalties: 3 times the legal rate; fixed fee of 40 EUR for recovery costs.",
    ].join("\n");
    expect(amountIn(invoice)?.amount).toBe(727.8);
    expect(amountIn("Total including VAT £69.59\nAdmin fee £5.00")?.amount).toBe(69.59);
  });

  it("does not take the interest charged for the sum asked", () => {
    const statement = "Interest charged £5,201.90\nYour monthly payment of £812.40 will continue.";
    expect(amountIn(statement)?.amount).toBe(812.4);
  });

  it("takes a new price, not the rise to it", () => {
    const letter = "Your monthly price will go up by £3.50, from £31.00 to £34.50 a month.";
    expect(amountIn(letter)?.amount).toBe(34.5);
  });

  it("takes the next instalment due over the year's charge", () => {
    const bill = [
      "Annual charge £1,842.60",
      "1st instalment £184.35, then 9 instalments of £184.25.",
      "Your next instalment of £184.25 is due on 1 December 2026.",
    ].join("\n");
    expect(amountIn(bill)).toMatchObject({ amount: 184.25, amountConfidence: 0.9 });
  });

  it("reads a row of values by the row of labels above it", () => {
    const table = "Due Date Amount Due\n12/10/2026 $86.40\nCurrent charges 86.40";
    expect(amountIn(table)).toMatchObject({ amount: 86.4, amountConfidence: 0.9 });
  });

  it("takes a charge cut for paying early, not the full charge", () => {
    const notice = [
      "Penalty charge £110",
      "The penalty charge is £110, reduced to £55 if paid within 14 days of the date of this notice.",
    ].join("\n");
    expect(amountIn(notice)).toMatchObject({ amount: 55, amountConfidence: 0.9 });
    const byDate = "Amount: £70.00\nDiscounted to £35.00 if paid by 9 December 2026.";
    expect(amountIn(byDate)).toMatchObject({ amount: 35 });
  });

  it("keeps the sum due over a discount not won by paying early", () => {
    const bill = [
      "Amount due £84.20",
      "Please pay by 10 December 2026.",
      "Save £5 if you pay by Direct Debit.",
      "Loyalty discount -£5.00",
    ].join("\n");
    expect(amountIn(bill)).toMatchObject({ amount: 84.2 });
    const late =
      "Amount due £48.00\nA late fee of £12 will be added if not paid by 10 December 2026.";
    expect(amountIn(late)).toMatchObject({ amount: 48 });
  });

  it("takes a deposit still to pay by a date, not the whole cost", () => {
    const trip =
      "The trip costs £185 in total. A deposit of £50 is due by 12 December 2026.\nThe remaining £135 is payable by 12 February 2027.";
    expect(amountIn(trip)).toMatchObject({ amount: 50, amountConfidence: 0.9 });
    const asked = "Please pay a £20 deposit by 10 December 2026 to secure a place. Total cost £45.";
    expect(amountIn(asked)).toMatchObject({ amount: 20 });
    expect(amountIn("Trip cost £185.00\nDeposit due: £50.00 by 12 December 2026")).toMatchObject({
      amount: 50,
    });
  });

  it("sets aside a deposit already paid or held", () => {
    const held = [
      "Your deposit of £1,200 is held by the Deposit Protection Service.",
      "Rent due £950.00",
    ].join("\n");
    expect(amountIn(held)).toMatchObject({ amount: 950 });
    const paid = "Deposit paid £200.00\nBalance due £2,200.00 by 15 December 2026.";
    expect(amountIn(paid)).toMatchObject({ amount: 2200 });
    expect(amountIn("The deposit of £200 is payable to you when you move out.")).toBeNull();
  });

  it("takes a card statement's balance over its minimum payment", () => {
    const statement = [
      "Previous balance £612.40",
      "Payments received £612.40",
      "New balance £734.18",
      "Minimum payment due £25.00",
      "Payment due date 14 Dec 2026",
    ].join("\n");
    expect(amountIn(statement)).toMatchObject({ amount: 734.18, amountConfidence: 0.7 });
    const inSentences =
      "Your new balance is £321.09. Your minimum payment of £25.00 is due by 14/12/2026.";
    expect(amountIn(inSentences)).toMatchObject({ amount: 321.09 });
  });

  it("is null without an amount, or with only amounts set aside", () => {
    expect(amountIn("Your appointment is on 8 December 2026 at 10:30")).toBeNull();
    expect(amountIn("A fee of £25 applies to missed appointments.")).toBeNull();
    expect(amountIn("Payment received -£39.15")).toBeNull();
    expect(amountIn("Account 8830 1123 4471, 412 kWh at 24.50p, VAT 5%")).toBeNull();
  });

  it("never gives a negative amount or an unknown currency, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom("£", "$", "€", "-", "EUR", ",", ".", " ", "12", "3"),
          ),
          {
            maxLength: 30,
          },
        ),
        (pieces) => {
          const found = amountIn(pieces.join(""));
          if (found === null) return;
          expect(found.amount).toBeGreaterThanOrEqual(0);
          expect([null, ...CURRENCY_CODES]).toContain(found.currency);
        },
      ),
    );
  });
});
