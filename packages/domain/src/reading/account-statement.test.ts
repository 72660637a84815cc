import { describe, expect, it } from "vitest";
import { isAccountStatement } from "./account-statement.js";

describe("isAccountStatement", () => {
  it("reads a current account's statement, in UK or US words, as one", () => {
    const uk = [
      "Current Account Statement",
      "Opening balance £1,204.50",
      "Money in £2,310.00",
      "Money out £1,876.20",
      "Closing balance £1,638.30",
    ].join("\n");
    const us = [
      "Everyday Checking",
      "Beginning balance $2,118.40",
      "Deposits and other credits $3,402.00",
      "Withdrawals and other debits $2,967.15",
      "Ending balance $2,553.25",
    ].join("\n");
    for (const text of [uk, us]) expect(isAccountStatement(text.toLowerCase())).toBe(true);
  });

  it("does not take a statement that asks for a payment for one", () => {
    const card = [
      "Credit Card Statement",
      "Opening balance £512.00",
      "Money in (payments) £512.00",
      "Money out (purchases) £734.18",
      "Closing balance £734.18",
      "Minimum payment £25.00",
      "Payment due date 14 December 2026",
    ].join("\n");
    expect(isAccountStatement(card.toLowerCase())).toBe(false);
  });

  it("does not take a bill that only shows a balance for one", () => {
    const bill = "Opening balance £0.00\nCharges £84.20\nClosing balance £84.20";
    expect(isAccountStatement(bill.toLowerCase())).toBe(false);
  });
});
