import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateOrderOf } from "./date-order.js";
import { findDueDate } from "./dates.js";
import { linesOf } from "./text-lines.js";

const TODAY = "2026-11-20";

function dueDateIn(text: string, today = TODAY) {
  return findDueDate(linesOf(text), dateOrderOf(text), today);
}

describe("findDueDate", () => {
  it.each([
    ["Please pay by 3 December 2026.", "2026-12-03"],
    ["Payment due: Dec 5, 2026", "2026-12-05"],
    ["Your membership renews on 14 December 2026.", "2026-12-14"],
    ["Next billing date: December 18, 2026", "2026-12-18"],
    ["Your passport expires on 4 March 2027.", "2027-03-04"],
    ["Registration expires 01/15/2027", "2027-01-15"],
    ["Appointment 14.12.2026, 09:00", "2026-12-14"],
    ["Date: 2027-01-11", "2027-01-11"],
    ["Valid until 31st January 2027", "2027-01-31"],
  ])("reads %j as %s", (text, date) => {
    expect(dueDateIn(text)?.date).toBe(date);
  });

  it("takes the date to act on, not the bill's own date or its period", () => {
    const bill = [
      "Bill date 12 November 2026",
      "Billing period 12 October 2026 - 11 November 2026",
      "Amount due £84.20",
      "Please pay by 3 December 2026.",
    ].join("\n");
    expect(dueDateIn(bill)?.date).toBe("2026-12-03");
  });

  it("takes a label on the line above a date (a table, a field under its name)", () => {
    const statement = "Total $142.87\nStatement date\n11/10/2026\nDue date\n12/01/2026";
    expect(dueDateIn(statement)?.date).toBe("2026-12-01");
  });

  it("passes over a date that has gone for one still to come", () => {
    const notice = "The instalment due on 01/11/2026 has not been paid. Please pay by 01/12/2026.";
    expect(dueDateIn(notice)?.date).toBe("2026-12-01");
  });

  it("does not let a previous sentence label the date", () => {
    const text =
      "Thanks for your payment received on 2 November. Your plan renews on 2 December 2026.";
    expect(dueDateIn(text)?.date).toBe("2026-12-02");
  });

  it("reads the day and month in the document's order", () => {
    expect(dueDateIn("Amount due £10.00. Due date 05/12/2026")?.date).toBe("2026-12-05");
    expect(dueDateIn("Amount due $10.00. Due date 05/12/2027")?.date).toBe("2027-05-12");
  });

  it("is less sure of a date that two orders read, when the order was only guessed", () => {
    const guessed = dueDateIn("Due date 05/12/2026");
    const settled = dueDateIn("Due date 05/12/2026, issued 25/11/2026");
    expect(guessed?.date).toBe("2026-12-05");
    expect(settled?.confidence).toBe(0.9);
    expect(guessed?.confidence).toBeLessThan(settled?.confidence ?? 0);
  });

  it("is less sure of a date no words point at", () => {
    expect(dueDateIn("Harbour Insurance\n2 January 2027")?.confidence).toBe(0.35);
    expect(dueDateIn("Ends 2 January 2027")?.confidence).toBe(0.9);
  });

  it("places a date without a year at its next occurrence", () => {
    expect(dueDateIn("Next payment 12 Jan")?.date).toBe("2027-01-12");
  });

  it("keeps the time of an appointment, on the date's line or given apart", () => {
    expect(dueDateIn("Appointment on Tuesday 8 December 2026 at 10:30am")).toMatchObject({
      date: "2026-12-08",
      time: "10:30",
    });
    expect(dueDateIn("Date Monday 11 January 2027\nTime 14:40")).toMatchObject({
      date: "2027-01-11",
      time: "14:40",
    });
    expect(dueDateIn("Date Monday 11 January 2027\nTime: 2.15 pm")?.time).toBe("14:15");
    expect(dueDateIn("Date Monday 11 January 2027\nArrive at 9.05 a.m.")?.time).toBe("09:05");
    expect(dueDateIn("Due 11 January 2027")?.time).toBeNull();
  });

  it("ignores what is not a calendar date: a month alone, a weekday, a time", () => {
    expect(dueDateIn("Card expires 12/2027, renews every Monday at 07:42")).toBeNull();
  });

  it("is null without a date", () => {
    expect(dueDateIn("Thank you for your order")).toBeNull();
    expect(dueDateIn("")).toBeNull();
  });

  it("prefers any date to come over dates gone, ranges and far futures", () => {
    const text =
      "Period 1 Oct - 31 Oct 2026\nBorn 3 May 1985\nIssued 1 November 2026\nUntil 3 May 2040\n9 December 2026";
    expect(dueDateIn(text)?.date).toBe("2026-12-09");
  });

  it("always gives a real calendar date, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const found = dueDateIn(text);
        if (found === null) return;
        expect(new Date(`${found.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(found.date);
        expect(found.confidence).toBeGreaterThanOrEqual(0);
        expect(found.confidence).toBeLessThanOrEqual(1);
      }),
    );
  });
});
