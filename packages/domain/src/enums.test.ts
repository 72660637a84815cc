import { describe, expect, it } from "vitest";
import { FREQUENCIES, FrequencySchema, PRIORITIES, PrioritySchema } from "./enums.js";

describe("FrequencySchema", () => {
  it("offers Daily, Weekly, Monthly and Yearly, in that order", () => {
    expect(FREQUENCIES).toEqual(["Daily", "Weekly", "Monthly", "Yearly"]);
    expect(FrequencySchema.options).toEqual(FREQUENCIES);
  });

  it.each(["daily", "DAILY", "Fortnightly", ""])("rejects %j", (value) => {
    expect(FrequencySchema.safeParse(value).success).toBe(false);
  });
});

describe("PrioritySchema", () => {
  it("offers Low, Medium and High, in that order", () => {
    expect(PRIORITIES).toEqual(["Low", "Medium", "High"]);
    expect(PrioritySchema.options).toEqual(PRIORITIES);
  });

  it.each(["high", "HIGH", "Urgent", ""])("rejects %j", (value) => {
    expect(PrioritySchema.safeParse(value).success).toBe(false);
  });
});
