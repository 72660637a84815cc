import { describe, expect, it } from "vitest";
import { findKind } from "./kind.js";

describe("findKind", () => {
  it.each([
    ["Your membership renews on 14 December 2026. £10.99 per month.", "subscription"],
    ["Your subscription will auto-renew on 01/08/2027.", "subscription"],
    ["Next billing date: December 18, 2026. Cancel anytime.", "subscription"],
    ["Your policy will renew automatically on 02/01/2027.", "subscription"],
    ["$4.99, billed weekly.", "subscription"],
    ["Billed quarterly.", "subscription"],
    ["Then £9.99 every 2 weeks.", "subscription"],
    ["Then £84.00 per quarter.", "subscription"],
    ["Amount due £84.20. Please pay by 3 December 2026.", "task"],
    ["You have an appointment with Dr Kim on December 10, 2026.", "task"],
    ["Your passport expires on 4 March 2027. Renew your passport online.", "task"],
    ["Penalty Charge Notice. Pay by 15 December 2026.", "task"],
    ["Invoice. Payment due 15/12/2026.", "task"],
  ])("reads %j as a %s", (text, kind) => {
    expect(findKind(text).kind).toBe(kind);
  });

  it("proposes a task, unsure, when nothing says either", () => {
    expect(findKind("Hello")).toEqual({ kind: "task", confidence: 0.5 });
  });

  it("is surer with more words one way", () => {
    const few = findKind("Your plan.").confidence;
    const many = findKind(
      "Your plan renews automatically on 1 May: next payment £5/month. Cancel anytime.",
    ).confidence;
    expect(few).toBeGreaterThan(0.5);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeLessThanOrEqual(0.95);
  });
});
