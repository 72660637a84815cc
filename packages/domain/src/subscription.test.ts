import { describe, expect, it } from "vitest";
import { CANCEL_LINK_MESSAGE } from "./cancel-link.js";
import { REMINDER_OPTIONS, parseReminderDays } from "./reminders.js";
import {
  COST_MAX,
  COST_MIN,
  REMIND_DAYS_MAX,
  REMIND_DAYS_MIN,
  SUBSCRIPTION_NAME_MAX_LENGTH,
} from "./limits.js";
import {
  CostSchema,
  RemindDaysSchema,
  SubscriptionCreateSchema,
  SubscriptionSchema,
  SubscriptionUpdateSchema,
  costDecimals,
  hasAtMostDecimals,
  hasAtMostTwoDecimals,
} from "./subscription.js";
import { issueMessages, makeSubscription } from "./test-support.js";

const VALID = { name: "Netflix", next_renewal_date: "2026-03-15", cost: 9.99 };

describe("SubscriptionCreateSchema", () => {
  it("fills in frequency Daily, priority Medium and a reminder 7 days before", () => {
    expect(SubscriptionCreateSchema.parse(VALID)).toEqual({
      ...VALID,
      frequency: "Daily",
      interval: 1,
      priority: "Medium",
      remind_days_before: 7,
      active: true,
    });
  });

  it("takes a subscription sent paused (decisions D10)", () => {
    expect(SubscriptionCreateSchema.parse({ ...VALID, active: false }).active).toBe(false);
    expect(issueMessages(SubscriptionCreateSchema, { ...VALID, active: "no" })).toEqual([
      "Active must be true or false",
    ]);
  });

  it("keeps every field the form sends", () => {
    const input = {
      ...VALID,
      frequency: "Monthly",
      interval: 3,
      priority: "Medium",
      cancel_link: "https://www.netflix.com/cancelplan",
      remind_days_before: 14,
      active: true,
    } as const;
    expect(SubscriptionCreateSchema.parse(input)).toEqual(input);
  });

  it("returns the name trimmed", () => {
    expect(SubscriptionCreateSchema.parse({ ...VALID, name: "  Netflix  " }).name).toBe("Netflix");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["only whitespace", "   "],
  ])("rejects a name that is %s with 'Subscription name is required'", (_, name) => {
    expect(issueMessages(SubscriptionCreateSchema, { ...VALID, name })).toEqual([
      "Subscription name is required",
    ]);
  });

  it("accepts a name of exactly the maximum length and rejects one character more", () => {
    const atLimit = "n".repeat(SUBSCRIPTION_NAME_MAX_LENGTH);
    expect(SubscriptionCreateSchema.parse({ ...VALID, name: ` ${atLimit} ` }).name).toBe(atLimit);
    expect(issueMessages(SubscriptionCreateSchema, { ...VALID, name: `${atLimit}n` })).toEqual([
      `Subscription name must be at most ${SUBSCRIPTION_NAME_MAX_LENGTH} characters`,
    ]);
  });

  it("accepts the leap day 2024-02-29 as the next renewal date", () => {
    const parsed = SubscriptionCreateSchema.parse({ ...VALID, next_renewal_date: "2024-02-29" });
    expect(parsed.next_renewal_date).toBe("2024-02-29");
  });

  it.each(["2023-02-29", "2026-02-30", "2026-13-01", "2026-03-15T00:00:00Z", ""])(
    "rejects the next renewal date %j with the date message",
    (next_renewal_date) => {
      expect(issueMessages(SubscriptionCreateSchema, { ...VALID, next_renewal_date })).toEqual([
        "Use a real date in the form 2026-01-31",
      ]);
    },
  );

  it("names every missing required field at once", () => {
    expect(issueMessages(SubscriptionCreateSchema, {})).toEqual([
      "Subscription name is required",
      "Use a real date in the form 2026-01-31",
      "Cost must be a number",
    ]);
  });

  it("allows the cancel link to be absent or null", () => {
    expect(SubscriptionCreateSchema.parse(VALID).cancel_link).toBeUndefined();
    expect(SubscriptionCreateSchema.parse({ ...VALID, cancel_link: null }).cancel_link).toBeNull();
  });

  it("returns the cancel link trimmed", () => {
    const parsed = SubscriptionCreateSchema.parse({
      ...VALID,
      cancel_link: "  https://example.com/cancel  ",
    });
    expect(parsed.cancel_link).toBe("https://example.com/cancel");
  });

  it.each(["javascript:alert(1)", "/account", "//example.com"])(
    "rejects the cancel link %j",
    (cancel_link) => {
      expect(issueMessages(SubscriptionCreateSchema, { ...VALID, cancel_link })).toEqual([
        CANCEL_LINK_MESSAGE,
      ]);
    },
  );
});

describe("CostSchema", () => {
  it.each([COST_MIN, 0.01, 9.99, 10, 0.1 + 0.2, 0.29, 1.1 * 3, 999_999.99, COST_MAX])(
    "accepts %d",
    (cost) => {
      expect(CostSchema.parse(cost)).toBe(cost);
    },
  );

  it("rejects a negative cost", () => {
    expect(issueMessages(CostSchema, -0.01)).toEqual(["Cost cannot be negative"]);
  });

  it("rejects a cost above the maximum", () => {
    expect(issueMessages(CostSchema, COST_MAX + 0.01)).toEqual(["Cost must be at most 1,000,000"]);
  });

  it.each([1.005, 1.001, 9.999, 0.001])("rejects %d, which has more than two decimals", (cost) => {
    expect(issueMessages(CostSchema, cost)).toEqual(["Cost can have at most two decimals"]);
  });

  it.each([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, "9.99", null])(
    "rejects %s as not a number",
    (cost) => {
      expect(issueMessages(CostSchema, cost)[0]).toBe("Cost must be a number");
    },
  );
});

describe("hasAtMostTwoDecimals", () => {
  it.each([0, 1, 9.99, 0.5, 0.1 + 0.2, 0.1 * 3, 19.99 * 3, 999_999.99])(
    "counts %d as at most two decimals (binary floating point noise tolerated)",
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(true);
    },
  );

  it.each([1.005, 0.001, 12.345, 0.125])("counts %d as more than two decimals", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
  });
});

describe("hasAtMostDecimals", () => {
  it.each([
    [1234, 0],
    [1234.5, 1],
    [0.1 + 0.2, 1],
    [9.99, 2],
    [1.005, 3],
    [999_999.999, 3],
  ])("counts %d as at most %i decimals", (value, decimals) => {
    expect(hasAtMostDecimals(value, decimals)).toBe(true);
  });

  it.each([
    [1234.5, 0],
    [0.01, 1],
    [9.999, 2],
    [1.0005, 3],
  ])("counts %d as more than %i decimals", (value, decimals) => {
    expect(hasAtMostDecimals(value, decimals)).toBe(false);
  });
});

describe("costDecimals", () => {
  it("lets a cost have its currency's decimals: none in yen, two in dollars and euros", () => {
    expect(costDecimals("JPY")).toBe(0);
    expect(costDecimals("ISK")).toBe(0);
    expect(costDecimals("USD")).toBe(2);
    expect(costDecimals("EUR")).toBe(2);
  });

  it("holds a three-decimal currency to the two decimals a cost is kept in (decisions D10's cents)", () => {
    expect(costDecimals("KWD")).toBe(2);
    expect(costDecimals("BHD")).toBe(2);
  });
});

describe("RemindDaysSchema", () => {
  it.each([REMIND_DAYS_MIN, 1, 7, 30, REMIND_DAYS_MAX])("accepts %i days", (days) => {
    expect(RemindDaysSchema.parse(days)).toBe(days);
  });

  it.each([
    [REMIND_DAYS_MIN - 1, `Reminder must be at least ${REMIND_DAYS_MIN} days before`],
    [REMIND_DAYS_MAX + 1, `Reminder must be at most ${REMIND_DAYS_MAX} days before`],
    [1.5, "Reminder must be a whole number of days"],
    ["7", "Reminder must be a number of days"],
    [Number.NaN, "Reminder must be a number of days"],
  ])("rejects %j with %j", (days, message) => {
    expect(issueMessages(RemindDaysSchema, days)[0]).toBe(message);
  });

  it("accepts every reminder the form offers", () => {
    for (const option of REMINDER_OPTIONS) {
      const result = SubscriptionCreateSchema.safeParse({
        ...VALID,
        remind_days_before: parseReminderDays(option),
      });
      expect(result.success, option).toBe(true);
    }
  });

  it("rejects a reminder outside the range inside a subscription too", () => {
    expect(
      issueMessages(SubscriptionCreateSchema, {
        ...VALID,
        remind_days_before: REMIND_DAYS_MAX + 1,
      }),
    ).toEqual([`Reminder must be at most ${REMIND_DAYS_MAX} days before`]);
  });
});

describe("SubscriptionSchema", () => {
  it("accepts a subscription as the API returns it", () => {
    const subscription = makeSubscription({ cancel_link: "https://example.com/cancel" });
    expect(SubscriptionSchema.parse(subscription)).toEqual(subscription);
  });

  it("accepts whatever cancel link is stored, since it is rendered only through safeLink", () => {
    const stored = makeSubscription({ cancel_link: "javascript:alert(1)" });
    expect(SubscriptionSchema.parse(stored).cancel_link).toBe("javascript:alert(1)");
  });

  it.each([
    ["a next renewal date with a time", { next_renewal_date: "2026-03-15T00:00:00Z" }],
    ["an impossible next renewal date", { next_renewal_date: "2026-02-30" }],
    ["a fractional reminder", { remind_days_before: 2.5 }],
    ["an unknown frequency", { frequency: "Fortnightly" }],
    ["an id of 0", { id: 0 }],
    ["active as text", { active: "true" }],
  ])("rejects a subscription with %s", (_, override) => {
    expect(SubscriptionSchema.safeParse({ ...makeSubscription(), ...override }).success).toBe(
      false,
    );
  });
});

describe("SubscriptionUpdateSchema", () => {
  it("keeps every field an edit sends, pausing included, null for the cancel link, and fills in none", () => {
    expect(SubscriptionUpdateSchema.parse({ cost: 5 })).toEqual({ cost: 5 });
    const edit = {
      name: "Netflix Premium",
      next_renewal_date: "2026-04-01",
      cost: 17.99,
      frequency: "Yearly",
      priority: "High",
      cancel_link: null,
      remind_days_before: 3,
      active: false,
    } as const;
    expect(SubscriptionUpdateSchema.parse(edit)).toEqual(edit);
  });

  it("applies the create's rules to each field it gets", () => {
    expect(SubscriptionUpdateSchema.parse({ name: " Gym  " }).name).toBe("Gym");
    expect(issueMessages(SubscriptionUpdateSchema, { name: "" })).toEqual([
      "Subscription name is required",
    ]);
    expect(issueMessages(SubscriptionUpdateSchema, { cost: -1 })).toEqual([
      "Cost cannot be negative",
    ]);
    expect(issueMessages(SubscriptionUpdateSchema, { cancel_link: "javascript:alert(1)" })).toEqual(
      [CANCEL_LINK_MESSAGE],
    );
    expect(issueMessages(SubscriptionUpdateSchema, { next_renewal_date: "2026-02-30" })).toEqual([
      "Use a real date in the form 2026-01-31",
    ]);
  });

  it("refuses null where a subscription must have a value", () => {
    for (const field of ["name", "next_renewal_date", "cost", "frequency", "active"]) {
      expect(issueMessages(SubscriptionUpdateSchema, { [field]: null }), field).toHaveLength(1);
    }
  });
});
