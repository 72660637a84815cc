// decisions D11: the RRULE a schedule is written as. That calendar apps expand these to D9's very
// dates is proven against an independent RRULE implementation, over every anchor day and ten
// years, in apps/api/test/calendar-rrule-proof.test.ts (where the feed that carries them is made).
import { describe, expect, it } from "vitest";
import { recurrenceRule } from "./calendar-rule.js";

const at = (iso: string) => Date.parse(iso);

describe("recurrenceRule", () => {
  it("repeats by days for Daily and Weekly, whatever the anchor", () => {
    expect(recurrenceRule(at("2026-01-31T08:00:00Z"), { frequency: "Daily", interval: 1 })).toBe(
      "FREQ=DAILY",
    );
    expect(recurrenceRule(at("2026-01-31T08:00:00Z"), { frequency: "Weekly", interval: 1 })).toBe(
      "FREQ=WEEKLY",
    );
  });

  it("names the anchor's day of the month when every month has it", () => {
    expect(recurrenceRule(at("2026-01-01T00:00:00Z"), { frequency: "Monthly", interval: 1 })).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=1",
    );
    expect(recurrenceRule(at("2026-03-28T09:30:00Z"), { frequency: "Monthly", interval: 1 })).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28",
    );
  });

  it("clamps the 29th, 30th and 31st to the month's last day instead of skipping the month", () => {
    expect(recurrenceRule(at("2026-01-29T00:00:00Z"), { frequency: "Monthly", interval: 1 })).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1",
    );
    expect(recurrenceRule(at("2026-04-30T00:00:00Z"), { frequency: "Monthly", interval: 1 })).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1",
    );
    expect(recurrenceRule(at("2026-01-31T23:00:00Z"), { frequency: "Monthly", interval: 1 })).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
    );
  });

  it("keeps a yearly date in its month, and 29 February on the 28th in common years", () => {
    expect(recurrenceRule(at("2026-07-14T00:00:00Z"), { frequency: "Yearly", interval: 1 })).toBe(
      "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=14",
    );
    expect(recurrenceRule(at("2026-01-31T00:00:00Z"), { frequency: "Yearly", interval: 1 })).toBe(
      "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31",
    );
    expect(recurrenceRule(at("2028-02-29T00:00:00Z"), { frequency: "Yearly", interval: 1 })).toBe(
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1",
    );
  });

  it("says INTERVAL when the schedule skips, and leaves it out every 1", () => {
    expect(recurrenceRule(at("2026-12-04T00:00:00Z"), { frequency: "Weekly", interval: 2 })).toBe(
      "FREQ=WEEKLY;INTERVAL=2",
    );
    expect(recurrenceRule(at("2026-01-31T00:00:00Z"), { frequency: "Monthly", interval: 3 })).toBe(
      "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
    );
  });

  it("ends the series at the UNTIL it is given, in the form given, and has no end without one", () => {
    const monthly = { frequency: "Monthly", interval: 1 } as const;
    expect(recurrenceRule(at("2026-01-31T00:00:00Z"), monthly, "20261220")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;UNTIL=20261220",
    );
    expect(
      recurrenceRule(
        at("2026-12-04T09:30:00Z"),
        { frequency: "Weekly", interval: 2 },
        "20261221T045959Z",
      ),
    ).toBe("FREQ=WEEKLY;INTERVAL=2;UNTIL=20261221T045959Z");
    expect(recurrenceRule(at("2026-01-31T00:00:00Z"), monthly)).not.toContain("UNTIL");
  });
});
