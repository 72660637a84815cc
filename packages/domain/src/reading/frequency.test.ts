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
    ["every 3 months", "Monthly"],
    ["billed quarterly", "Monthly"],
    ["every two weeks", "Weekly"],
    ["paid fortnightly", "Weekly"],
    ["every 6 months", "Yearly"],
    ["billed twice a year", "Yearly"],
    ["paid twice a month", "Monthly"],
    ["semi-annual premium", "Yearly"],
    ["every 2 years", "Yearly"],
    ["every 10 days", "Weekly"],
  ])("proposes the nearest for %j (%s), unsure", (text, frequency) => {
    expect(findFrequency(text)).toEqual({ frequency, confidence: 0.4 });
  });

  it("is sure of a frequency also stated plainly", () => {
    expect(findFrequency("£30 every 3 months (£10 per month)")).toEqual({
      frequency: "Monthly",
      confidence: 0.95,
    });
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
      confidence: 0.95,
    });
  });
});
