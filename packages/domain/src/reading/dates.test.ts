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
    ["First payment: 1 December 2026, then on the 1st of each month", "2026-12-01"],
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

  it("is sure of a subscription's first payment", () => {
    expect(dueDateIn("First payment: 1 December 2026")?.confidence).toBe(0.9);
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

  it("counts a span to pay in from the document's own date, not from the upload", () => {
    const invoice = "Invoice date 2 December 2026\nPlease pay within 14 days of the invoice date.";
    expect(dueDateIn(invoice)).toMatchObject({ date: "2026-12-16", confidence: 0.9 });
    const notice = "Issued 10/11/2026\nReduced to £35.00 if paid within 14 days";
    expect(dueDateIn(notice)?.date).toBe("2026-11-24");
  });

  it("counts a span to pay in from a notice's date, written as its date of notice", () => {
    const notice = [
      "Date of notice: 24/11/2026",
      "Date of contravention: 22/11/2026 Time 10:42",
      "Penalty charge: £110.00",
      "Reduced amount if paid within 14 days of the date of this notice: £55.00",
      "If the penalty charge is not paid within 28 days, it may be increased to £165.00.",
    ].join("\n");
    // 28 days from 24 November, not from the upload on 30 November (28 December).
    expect(dueDateIn(notice, "2026-11-30")?.date).toBe("2026-12-22");
  });

  it("does not take a span nothing asks to act in for a date to act on", () => {
    const receipt =
      "Date 27/11/2026 14:32\nTotal £25.73\nReturns accepted within 28 days with receipt.";
    expect(dueDateIn(receipt, "2026-11-30")?.date).toBe("2026-11-27");
    expect(dueDateIn("Delivered within 5 days.")).toBeNull();
  });

  it("is sure of an appointment a letter asks the reader to attend", () => {
    const letter =
      "We have arranged for you to attend the Dermatology Clinic at 09:15 on Monday 7 December 2026.";
    expect(dueDateIn(letter)).toMatchObject({ date: "2026-12-07", time: "09:15", confidence: 0.9 });
  });

  it("is unsure of a span to pay in when the document has no date of its own", () => {
    for (const text of ["Payment due within 30 days.", "Please pay in 30 days."]) {
      expect(dueDateIn(text)?.confidence).toBeLessThan(0.7);
    }
    // A date the document writes wins over one counted from the upload.
    expect(dueDateIn("Pay within 30 days.\nHarbour Insurance\n2 January 2027")?.date).toBe(
      "2027-01-02",
    );
  });

  it("does not take a card's expiry month and year for a date", () => {
    const letter = [
      "Your membership renews on 1 December 2026. Membership £35.00 per month.",
      "We will charge your Visa card ending 4417, expiry 08/27.",
    ].join("\n");
    expect(dueDateIn(letter)).toMatchObject({ date: "2026-12-01", confidence: 0.9 });
    expect(dueDateIn("Your credit card expires 12/27")).toBeNull();
    expect(dueDateIn("Amount due $12.00. Card expiry 08/27")).toBeNull();
    // A day and a month in the document's order are still a date.
    expect(dueDateIn("Amount due $12.00. Due 12/27")?.date).toBe("2026-12-27");
  });

  it("takes the other order's reading of a date gone when it is soon and nothing says the order", () => {
    const found = dueDateIn("Your appointment is on 12/05/2026 at 2:30 PM.", "2026-11-29");
    expect(found).toMatchObject({ date: "2026-12-05", time: "14:30" });
    expect(found?.confidence).toBeLessThan(0.7);
    // When the document settles the order, its reading is kept even if it has gone.
    expect(dueDateIn("Due date 12/05/2026, issued 25/11/2026", "2026-11-29")?.date).toBe(
      "2026-05-12",
    );
  });

  it("does not take a helpline's opening hours for the time to act", () => {
    const bill =
      "Please pay by 5 December 2026\nNeed help? Our team is available at 8.00am to 8.00pm";
    expect(dueDateIn(bill)?.time).toBeNull();
    expect(dueDateIn("Due 5 December 2026\nWe are there at 09:00-17:00")?.time).toBeNull();
    expect(dueDateIn("Appointment 5 December 2026\nPlease arrive at 9.30am")?.time).toBe("09:30");
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
