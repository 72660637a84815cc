// spec 3, 5, 9: what the Subscription form's values become, and what it refuses.
import { describe, expect, it } from "vitest";
import { formMessages } from "../test/form-messages";
import { SUBSCRIPTION_FORM_DEFAULTS, SubscriptionFormSchema } from "./subscription-form-schema";

const valid = {
  ...SUBSCRIPTION_FORM_DEFAULTS,
  name: "Netflix",
  next_renewal_date: "2026-12-05",
  cost: "12.99",
};

const messages = (values: unknown) => formMessages(SubscriptionFormSchema, values);

describe("SubscriptionFormSchema", () => {
  it("builds the API body: cost a number, priority Medium, 7 days, no link as null, active", () => {
    expect(SubscriptionFormSchema.parse(valid)).toEqual({
      name: "Netflix",
      next_renewal_date: "2026-12-05",
      cost: 12.99,
      frequency: "Daily",
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

  it("refuses a reminder that is not one of the five choices", () => {
    expect(Object.keys(messages({ ...valid, remind_me: "2 days before" }))).toEqual(["remind_me"]);
  });
});
