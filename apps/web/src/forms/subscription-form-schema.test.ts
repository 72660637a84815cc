// spec 3, 5, 9: what the Subscription form's values become, and what it refuses.
import { describe, expect, it } from "vitest";
import { formMessages } from "../test/form-messages";
import {
  SUBSCRIPTION_FORM_DEFAULTS,
  subscriptionFormSchema,
  subscriptionFormValues,
} from "./subscription-form-schema";

const valid = {
  ...SUBSCRIPTION_FORM_DEFAULTS,
  name: "Netflix",
  next_renewal_date: "2026-12-05",
  cost: "12.99",
};

const SubscriptionFormSchema = subscriptionFormSchema("USD");
const messages = (values: unknown) => formMessages(SubscriptionFormSchema, values);

describe("subscriptionFormSchema, in US dollars", () => {
  it("builds the API body: cost a number, priority Medium, 7 days, no link as null, active", () => {
    expect(SubscriptionFormSchema.parse(valid)).toEqual({
      name: "Netflix",
      next_renewal_date: "2026-12-05",
      cost: 12.99,
      frequency: "Daily",
      interval: 1,
      priority: "Medium",
      cancel_link: null,
      remind_days_before: 7,
      active: true,
    });
  });

  it.each([
    ["1 day before", 1],
    ["3 days before", 3],
    ["14 days before", 14],
    ["30 days before", 30],
  ])("reads %s as %i days", (remind_me, days) => {
    expect(SubscriptionFormSchema.parse({ ...valid, remind_me }).remind_days_before).toBe(days);
  });

  it("keeps a trimmed cancel link", () => {
    expect(
      SubscriptionFormSchema.parse({ ...valid, cancel_link: " https://example.com/cancel " })
        .cancel_link,
    ).toBe("https://example.com/cancel");
  });

  it("accepts a free subscription (cost 0)", () => {
    expect(SubscriptionFormSchema.parse({ ...valid, cost: "0" }).cost).toBe(0);
  });

  it("names every missing required field at once", () => {
    expect(messages(SUBSCRIPTION_FORM_DEFAULTS)).toEqual({
      name: "Subscription name is required",
      next_renewal_date: "Next renewal date is required",
      cost: "Cost is required",
    });
  });

  it.each([
    ["-0.01", "Cost cannot be negative"],
    ["1.005", "Cost can have at most two decimals"],
    ["abc", "Cost must be a number"],
  ])("refuses the cost %s: %s", (cost, message) => {
    expect(messages({ ...valid, cost })).toEqual({ cost: message });
  });

  it.each(["netflix.com", "javascript:alert(1)", "ftp://files.example"])(
    "refuses the cancel link %s",
    (cancel_link) => {
      expect(Object.keys(messages({ ...valid, cancel_link }))).toEqual(["cancel_link"]);
    },
  );

  it("sends how often it renews: Repeat every 3 with Monthly is every 3 months", () => {
    expect(
      SubscriptionFormSchema.parse({ ...valid, frequency: "Monthly", interval: "3" }),
    ).toMatchObject({ frequency: "Monthly", interval: 3 });
  });

  it.each([
    ["0", "Repeat every must be at least 1"],
    ["100", "Repeat every must be at most 99"],
    ["1.5", "Repeat every must be a whole number"],
  ])("refuses Repeat every %j in the domain's words: %s", (interval, message) => {
    expect(messages({ ...valid, interval })).toEqual({ interval: message });
  });

  it("refuses a reminder that is not one of the five choices", () => {
    expect(Object.keys(messages({ ...valid, remind_me: "2 days before" }))).toEqual(["remind_me"]);
  });
});

describe("subscriptionFormSchema, in the person's currency (its own decimals)", () => {
  const costIn = (currency: string, cost: string, stored?: number) =>
    formMessages(subscriptionFormSchema(currency, stored), { ...valid, cost });

  it("refuses decimals in yen, naming the currency, and takes a whole amount", () => {
    expect(costIn("JPY", "1234.5")).toEqual({ cost: "Japanese Yen amounts have no decimals" });
    expect(costIn("JPY", "0.01")).toEqual({ cost: "Japanese Yen amounts have no decimals" });
    expect(costIn("JPY", "1234")).toEqual({});
    expect(subscriptionFormSchema("JPY").parse({ ...valid, cost: "1234" }).cost).toBe(1234);
  });

  it("refuses decimals in every currency without a minor unit", () => {
    expect(costIn("KRW", "9.9")).toEqual({ cost: "South Korean Won amounts have no decimals" });
    expect(costIn("ISK", "9.9")).toEqual({ cost: "Icelandic Króna amounts have no decimals" });
  });

  it("holds a three-decimal currency to two decimals and says why, rather than rounding", () => {
    expect(costIn("KWD", "1.005")).toEqual({
      cost: "Use at most 2 decimals: Life Admin does not keep a third decimal of Kuwaiti Dinar yet",
    });
    expect(subscriptionFormSchema("KWD").parse({ ...valid, cost: "12.25" }).cost).toBe(12.25);
  });

  it("keeps its other messages in a currency without decimals", () => {
    expect(costIn("JPY", "-1")).toEqual({ cost: "Cost cannot be negative" });
    expect(costIn("JPY", "abc")).toEqual({ cost: "Cost must be a number" });
    expect(costIn("JPY", " ")).toEqual({ cost: "Cost is required" });
  });

  it("takes back, unchanged, a cost stored with decimals its currency does not have", () => {
    expect(costIn("JPY", "1234.5", 1234.5)).toEqual({});
    expect(costIn("JPY", "99.5", 1234.5)).toEqual({
      cost: "Japanese Yen amounts have no decimals",
    });
  });
});

describe("subscriptionFormValues", () => {
  const gym = {
    name: "Gym",
    next_renewal_date: "2026-12-01",
    frequency: "Monthly",
    remind_days_before: 7,
  } as const;

  it("writes the cost with the currency's decimals", () => {
    expect(subscriptionFormValues({ ...gym, cost: 30 }, "USD").cost).toBe("30.00");
    expect(subscriptionFormValues({ ...gym, cost: 3000 }, "JPY").cost).toBe("3000");
  });

  it("starts Repeat every at the subscription's interval, and at 1 for one read from before it", () => {
    expect(subscriptionFormValues({ ...gym, cost: 30, interval: 3 }, "USD").interval).toBe("3");
    expect(subscriptionFormValues({ ...gym, cost: 30 }, "USD").interval).toBe("1");
  });

  it("writes a stored cost as it is, even with decimals its currency does not have", () => {
    expect(subscriptionFormValues({ ...gym, cost: 1234.5 }, "JPY").cost).toBe("1234.5");
    expect(subscriptionFormValues({ ...gym, cost: 12.34 }, "JPY").cost).toBe("12.34");
  });
});

describe("the cost as the person's locale writes numbers", () => {
  const inGerman = subscriptionFormSchema("EUR", undefined, "de-DE");

  it.each([
    ["12,99", 12.99],
    ["1.234,50", 1234.5],
    ["12.99", 12.99],
    [" 0,5 ", 0.5],
  ])("reads %j typed in German as %d", (cost, value) => {
    expect(inGerman.parse({ ...valid, cost }).cost).toBe(value);
  });

  it("refuses a German cost with a third decimal, rather than reading it as thousands", () => {
    expect(formMessages(inGerman, { ...valid, cost: "1,005" })).toEqual({
      cost: "Cost can have at most two decimals",
    });
  });

  it("writes an edited cost with the locale's decimal sign", () => {
    const gym = {
      name: "Gym",
      next_renewal_date: "2026-12-01",
      frequency: "Monthly",
      remind_days_before: 7,
    } as const;
    expect(subscriptionFormValues({ ...gym, cost: 12.99 }, "EUR", "de-DE").cost).toBe("12,99");
    expect(subscriptionFormValues({ ...gym, cost: 3000 }, "JPY", "de-DE").cost).toBe("3000");
  });
});
