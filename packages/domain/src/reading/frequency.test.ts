import { describe, expect, it } from "vitest";
import { findFrequency } from "./frequency.js";

describe("findFrequency", () => {
  it.each([
    ["£10.99 per month", "Monthly"],
    ["billed monthly", "Monthly"],
    ["$15.49/mo", "Monthly"],
    ["£950 pcm", "Monthly"],
    ["Annual premium £486.35", "Yearly"],
    ["$18.99/yr", "Yearly"],
    ["£79.99 per year", "Yearly"],
    ["£120 per annum", "Yearly"],
    ["$4.99, billed weekly", "Weekly"],
    ["renews every Monday", "Weekly"],
    ["£12/week", "Weekly"],
    ["€0,99 per day, charged daily", "Daily"],
  ])("reads %j as %s", (text, frequency) => {
    expect(findFrequency(text)?.frequency).toBe(frequency);
  });

  it.each([
    ["every 3 months", "Monthly", 3],
    ["billed quarterly", "Monthly", 3],
    ["£84.00 per quarter", "Monthly", 3],
    ["Your premium: £84.00 a quarter", "Monthly", 3],
    ["£84/quarter", "Monthly", 3],
    ["£20.00 a fortnight", "Weekly", 2],
    ["four times a year", "Monthly", 3],
    ["£84 for every 3 months", "Monthly", 3],
    ["every two weeks", "Weekly", 2],
    ["paid fortnightly", "Weekly", 2],
    ["paid biweekly", "Weekly", 2],
    ["bi-weekly", "Weekly", 2],
    ["every other week", "Weekly", 2],
    ["every 14 days", "Weekly", 2],
    ["every 4 weeks", "Weekly", 4],
    ["every 28 days", "Weekly", 4],
    ["every 7 days", "Weekly", 1],
    ["every 6 months", "Monthly", 6],
    ["billed twice a year", "Monthly", 6],
    ["twice yearly", "Monthly", 6],
    ["semi-annual premium", "Monthly", 6],
    ["paid half-yearly", "Monthly", 6],
    ["three times a year", "Monthly", 4],
    ["every 18 months", "Monthly", 18],
    ["every 12 months", "Yearly", 1],
    ["every 2 years", "Yearly", 2],
    ["every 24 months", "Yearly", 2],
    ["a biennial inspection", "Yearly", 2],
    ["every 10 days", "Daily", 10],
    ["every 30 days", "Daily", 30],
    ["every other day", "Daily", 2],
  ])("reads %j as %s every %i, as sure as a plain frequency", (text, frequency, interval) => {
    expect(findFrequency(text)).toEqual({ frequency, interval, confidence: 0.95 });
  });

  it.each([
    ["paid twice a month", "Monthly", 1],
    ["semi-monthly", "Monthly", 1],
    ["twice a week", "Weekly", 1],
    ["three times a day", "Daily", 1],
    // Twice a year as dictionaries have it; writers also use it for every two years.
    ["biannual service", "Monthly", 6],
    // Every two months on bills; also used for twice a month.
    ["billed bi-monthly", "Monthly", 2],
  ])("proposes %j as %s every %i, unsure", (text, frequency, interval) => {
    expect(findFrequency(text)).toEqual({ frequency, interval, confidence: 0.4 });
  });

  it("reads no period in a share: 'a quarter of the cost'", () => {
    expect(findFrequency("a refund of a quarter of the cost")).toBeNull();
  });

  it("pairs a period with the amount written beside it", () => {
    const line = "£30 every 3 months (£10 per month)";
    expect(findFrequency(line, "£30 every 3 months (")).toMatchObject({
      frequency: "Monthly",
      interval: 3,
    });
    expect(findFrequency(line, "£10 per month)")).toMatchObject({
      frequency: "Monthly",
      interval: 1,
    });
  });

  it("is sure of a period stated twice over", () => {
    expect(findFrequency("Billed quarterly: £84.00 every 3 months")).toEqual({
      frequency: "Monthly",
      interval: 3,
      confidence: 0.95,
    });
  });

  it("does not take another period in the document over the amount's", () => {
    const letter = "Membership £35.00 per month\nWe review our prices every 6 months.";
    expect(findFrequency(letter, "Membership £35.00 per month")).toEqual({
      frequency: "Monthly",
      interval: 1,
      confidence: 0.84,
    });
  });

  it("does not take a rate with no price for a schedule", () => {
    expect(findFrequency("Your price is fixed for every 12 months of the contract.")).toBeNull();
    expect(findFrequency("Get one month free for every 12 months you stay")).toBeNull();
  });

  it("reads no schedule from a period no schedule holds", () => {
    expect(findFrequency("Readings are taken every 0 days")).toBeNull();
    expect(findFrequency("Readings are taken every 100 days")).toBeNull();
  });

  it("weighs the words beside the amount over the others", () => {
    const letter = "If you pay monthly, you pay more.\nAnnual premium: £486.35";
    expect(findFrequency(letter, "Annual premium: £486.35")?.frequency).toBe("Yearly");
    expect(findFrequency(letter, "If you pay monthly, you pay more.")?.frequency).toBe("Monthly");
  });

  it("is surer when the document speaks of one frequency only", () => {
    const one = findFrequency("£10.99 per month, billed monthly")?.confidence ?? 0;
    const mixed = findFrequency("£10.99 per month, or £99 a year, billed monthly")?.confidence ?? 0;
    expect(one).toBe(0.95);
    expect(mixed).toBeLessThan(one);
  });

  it("does not take a span of time for a frequency", () => {
    expect(findFrequency("Book up to a month before it runs out, within a week")).toBeNull();
    expect(findFrequency("Please allow a week for the change to show")).toBeNull();
    expect(findFrequency("It takes a day to arrive")).toBeNull();
    expect(findFrequency("Thank you for your order")).toBeNull();
  });

  it("reads a price for a period as the price per period, and a span without a price as no frequency", () => {
    const renewal = "Renewal date 5 January 2027\nPremium £312.40 for the year\nExcess £250";
    expect(findFrequency(renewal, "Premium £312.40 for the year")?.frequency).toBe("Yearly");
    expect(findFrequency("Total 45,00 EUR for the whole month")?.frequency).toBe("Monthly");
    expect(findFrequency("You are covered for a year from 5 January 2027.")).toBeNull();
  });

  it("does not take opening hours for a frequency", () => {
    expect(findFrequency("Our gyms are open 24 hours a day, 7 days a week.")).toBeNull();
    expect(findFrequency("Call us, seven days a week.\nMembership £35.00 per month")).toEqual({
      frequency: "Monthly",
      interval: 1,
      confidence: 0.95,
    });
  });
});
