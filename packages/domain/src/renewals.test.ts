import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, calendarDateIn } from "./iso-dates.js";
import {
  RENEWALS_SOON_LIMIT,
  RENEWAL_WINDOW_DAYS,
  daysUntil,
  renewalCardLabel,
  renewalDay,
  renewalListLabel,
  renewalsSoon,
} from "./renewals.js";
import { expectOrderedAndStable } from "./test-support.js";

const TODAY = "2026-03-10";

function names(subscriptions: { name: string }[]): string[] {
  return subscriptions.map((s) => s.name);
}

describe("renewalDay", () => {
  // Sunday 29 November 2026, 20:00 UTC: Monday already in Kiritimati (UTC+14) and Auckland
  // (UTC+13), still Sunday in London and New York.
  const now = new Date("2026-11-29T20:00:00Z");

  it("is the person's own date where it is ahead of UTC's", () => {
    expect(renewalDay(now, "Pacific/Kiritimati")).toBe("2026-11-30");
    expect(renewalDay(now, "Pacific/Auckland")).toBe("2026-11-30");
  });

  it("is the person's own date where it is the same as UTC's", () => {
    expect(renewalDay(now, "UTC")).toBe("2026-11-29");
    expect(renewalDay(now, "Europe/London")).toBe("2026-11-29");
    expect(renewalDay(now, "America/New_York")).toBe("2026-11-29");
  });

  it("is the person's own date where it is behind UTC's: their evening keeps today's renewal", () => {
    // 21:00 on the 29th in New York, 18:00 in Los Angeles: the 30th on UTC's clock.
    const utcMonday = new Date("2026-11-30T02:00:00Z");
    expect(renewalDay(utcMonday, "America/New_York")).toBe("2026-11-29");
    expect(renewalDay(utcMonday, "America/Los_Angeles")).toBe("2026-11-29");
    expect(renewalDay(utcMonday, "UTC")).toBe("2026-11-30");
  });
});

describe("daysUntil", () => {
  it.each([
    ["today", "2026-03-10", 0],
    ["tomorrow", "2026-03-11", 1],
    ["30 days on", "2026-04-09", 30],
    ["yesterday", "2026-03-09", -1],
    ["two days ago", "2026-03-08", -2],
  ])("counts a renewal dated %s as %i days away", (_, date, days) => {
    expect(daysUntil(date, TODAY)).toBe(days);
  });

  it("counts an instant by its day, whatever its hour (the wall clock as typed, D6)", () => {
    expect(daysUntil("2026-03-10T00:00:00Z", TODAY)).toBe(0);
    expect(daysUntil("2026-03-10T23:59:59Z", TODAY)).toBe(0);
    expect(daysUntil("2026-03-11T00:00:00Z", TODAY)).toBe(1);
    expect(daysUntil("2026-03-09T23:59:59Z", TODAY)).toBe(-1);
  });

  it("never gives -0 for a renewal today", () => {
    expect(Object.is(daysUntil("2026-03-10", TODAY), 0)).toBe(true);
  });

  it("counts across a month end, a leap day and a year end", () => {
    expect(daysUntil("2026-02-01", "2026-01-31")).toBe(1);
    expect(daysUntil("2026-03-01", "2026-02-28")).toBe(1);
    expect(daysUntil("2028-03-01", "2028-02-28")).toBe(2);
    expect(daysUntil("2028-02-29", "2028-02-28")).toBe(1);
    expect(daysUntil("2027-01-01", "2026-12-31")).toBe(1);
  });

  it("counts whole days across a change of the clocks", () => {
    // Europe/London springs forward on 29 March 2026: that day has 23 hours there.
    expect(daysUntil("2026-03-30", "2026-03-28")).toBe(2);
    expect(daysUntil("2026-10-26", "2026-10-24")).toBe(2);
  });

  it("gives NaN for a date it cannot read", () => {
    expect(daysUntil("next month", TODAY)).toBeNaN();
    expect(daysUntil("2026-02-30", TODAY)).toBeNaN();
    expect(daysUntil(TODAY, "today")).toBeNaN();
  });
});

// decisions D6: day counts in time zones. The person's today is their own date
// (calendarDateIn(now, timeZone), as the agenda and the bell have it), not UTC's.
describe("daysUntil from the person's today, in time zones", () => {
  const label = (date: string, now: Date, timeZone: string) =>
    renewalCardLabel(daysUntil(date, calendarDateIn(now, timeZone)));

  it("in Tokyo on Monday morning (still Sunday in UTC), Monday's renewal renews today", () => {
    const now = new Date("2026-11-29T23:48:00Z"); // 08:48 on Monday 30 November in Tokyo
    expect(label("2026-11-30", now, "Asia/Tokyo")).toBe("Renews today");
    expect(label("2026-12-01", now, "Asia/Tokyo")).toBe("Renews in 1 day");
    expect(renewalListLabel(daysUntil("2026-12-01", calendarDateIn(now, "Asia/Tokyo")))).toBe(
      "Tomorrow",
    );
    expect(label("2026-11-29", now, "Asia/Tokyo")).toBe("Expired");
  });

  it("in Los Angeles on Sunday evening (Monday in UTC), Monday's renewal is tomorrow", () => {
    const now = new Date("2026-11-30T00:00:00Z"); // 16:00 on Sunday 29 November in Los Angeles
    expect(label("2026-11-29", now, "America/Los_Angeles")).toBe("Renews today");
    expect(label("2026-11-30", now, "America/Los_Angeles")).toBe("Renews in 1 day");
    expect(label("2026-12-01", now, "America/Los_Angeles")).toBe("Renews in 2 days");
  });

  it("in UTC, counts from UTC's date at every hour of it", () => {
    for (const at of ["2026-03-10T00:00:00Z", "2026-03-10T12:00:00Z", "2026-03-10T23:59:59Z"]) {
      const today = calendarDateIn(new Date(at), "UTC");
      expect(renewalCardLabel(daysUntil("2026-03-10", today))).toBe("Renews today");
      expect(renewalListLabel(daysUntil("2026-03-11", today))).toBe("Tomorrow");
      expect(renewalListLabel(daysUntil("2026-03-09", today))).toBe("Expired");
    }
  });
});

describe("renewal labels", () => {
  it.each([
    [-30, "Expired", "Expired"],
    [-1, "Expired", "Expired"],
    [0, "Renews today", "Today"],
    [1, "Renews in 1 day", "Tomorrow"],
    [2, "Renews in 2 days", "2 days"],
    [30, "Renews in 30 days", "30 days"],
  ])("labels %i days as %j on the card and %j in the list", (days, card, list) => {
    expect(renewalCardLabel(days)).toBe(card);
    expect(renewalListLabel(days)).toBe(list);
  });

  it("labels a renewal due today as 'Renews today'", () => {
    expect(renewalCardLabel(daysUntil("2026-03-10", TODAY))).toBe("Renews today");
  });

  it("labels a renewal due tomorrow as 'Tomorrow' in the list", () => {
    expect(renewalListLabel(daysUntil("2026-03-11", TODAY))).toBe("Tomorrow");
  });
});

describe("renewalsSoon", () => {
  const at = (name: string, days: number) => ({ name, next_renewal_date: addDays(TODAY, days) });

  it("includes a renewal today and one 30 days after today", () => {
    const soon = renewalsSoon([at("end", 30), at("today", 0)], TODAY);
    expect(names(soon)).toEqual(["today", "end"]);
    expect(RENEWAL_WINDOW_DAYS).toBe(30);
  });

  it("leaves out a renewal 31 days on and yesterday's", () => {
    expect(renewalsSoon([at("past end", 31), at("yesterday", -1)], TODAY)).toEqual([]);
  });

  it("lists the soonest first and at most five", () => {
    const offsets = [20, 3, 29, 1, 12, 7, 25].map((days) => at(`in ${days}`, days));
    expect(names(renewalsSoon(offsets, TODAY))).toEqual(["in 1", "in 3", "in 7", "in 12", "in 20"]);
    expect(RENEWALS_SOON_LIMIT).toBe(5);
  });

  it("keeps the given order among renewals on the same day", () => {
    const same = ["a", "b", "c"].map((name) => at(name, 1));
    expect(names(renewalsSoon(same, TODAY))).toEqual(["a", "b", "c"]);
  });

  it("returns an empty list when nothing renews in the next 30 days", () => {
    expect(renewalsSoon([], TODAY)).toEqual([]);
    expect(renewalsSoon([at("later", 31)], TODAY)).toEqual([]);
  });

  it("leaves out a renewal whose date it cannot read", () => {
    expect(renewalsSoon([{ name: "x", next_renewal_date: "soon" }], TODAY)).toEqual([]);
  });

  it("leaves out a paused subscription (decisions D10), and counts one without `active` as active", () => {
    const soon = renewalsSoon(
      [
        { ...at("paused", 1), active: false },
        { ...at("active", 1), active: true },
        at("unsaid", 1),
      ],
      TODAY,
    );
    expect(names(soon)).toEqual(["active", "unsaid"]);
  });

  it("does not change the list it is given", () => {
    const subscriptions = [at("later", 9), at("sooner", 1)];
    renewalsSoon(subscriptions, TODAY);
    expect(names(subscriptions)).toEqual(["later", "sooner"]);
  });

  it("looks from January 31 into February and March", () => {
    const dates = ["2026-03-03", "2026-02-01", "2026-03-02", "2026-02-28", "2026-01-31"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      "2026-01-31", // + 30 days = 2026-03-02
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual([
      "2026-01-31",
      "2026-02-01",
      "2026-02-28",
      "2026-03-02",
    ]);
  });

  it("includes the leap day 2028-02-29 as the window's last day", () => {
    const dates = ["2028-03-01", "2028-02-29", "2028-02-28"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      "2028-01-30",
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2028-02-28", "2028-02-29"]);
  });

  it("keeps a timed renewal of today in all day, and counts it by its day", () => {
    const soon = renewalsSoon(
      [
        { next_renewal_date: "2026-03-10T00:30:00Z" },
        { next_renewal_date: "2026-03-09T23:59:59Z" },
      ],
      TODAY,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2026-03-10T00:30:00Z"]);
  });

  // decisions D6: the window is the person's 30 days, in their time zone.
  it("in Tokyo on Monday morning, drops Sunday's renewal and reaches 30 Tokyo days on", () => {
    const today = calendarDateIn(new Date("2026-11-29T23:48:00Z"), "Asia/Tokyo"); // Monday 30th
    const dates = ["2026-11-29", "2026-11-30", "2026-12-30", "2026-12-31"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      today,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2026-11-30", "2026-12-30"]);
  });

  it("in Los Angeles on Sunday evening, keeps Sunday's renewal and not one 31 of their days on", () => {
    const now = new Date("2026-11-30T04:00:00Z"); // 20:00 on Sunday 29 November there
    const today = calendarDateIn(now, "America/Los_Angeles");
    const dates = ["2026-11-29", "2026-12-29", "2026-12-30"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      today,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2026-11-29", "2026-12-29"]);
  });

  it("always returns the first min(5, n) of the n renewals in the window, soonest first", () => {
    const days = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
    const todays = days.map((ms) => new Date(ms).toISOString().slice(0, 10));
    // Days from today, around and across the window, with its edges likely.
    const offsets = fc.oneof(
      fc.integer({ min: -40, max: 40 }),
      fc.constantFrom(-1, 0, 1, RENEWAL_WINDOW_DAYS, RENEWAL_WINDOW_DAYS + 1),
    );
    const items = fc.array(offsets, { maxLength: 15 });
    fc.assert(
      fc.property(todays, items, (today, generated) => {
        const subscriptions = generated.map((offset, input) => ({
          input,
          offset,
          next_renewal_date: addDays(today, offset),
        }));
        const inside = subscriptions.filter((s) => s.offset >= 0 && s.offset <= 30);
        const soon = renewalsSoon(subscriptions, today);

        expect(soon).toHaveLength(Math.min(RENEWALS_SOON_LIMIT, inside.length));
        for (const s of soon) expect(inside).toContain(s);
        expectOrderedAndStable(soon, (s) => s.offset);
        // Nothing inside the window is left out but by the limit: what is left comes later.
        const last = soon.at(-1);
        for (const s of inside.filter((x) => !soon.includes(x))) {
          expect(last).toBeDefined();
          if (!last) continue;
          expect(s.offset).toBeGreaterThanOrEqual(last.offset);
          if (s.offset === last.offset) expect(s.input).toBeGreaterThan(last.input);
        }
      }),
      { numRuns: 300 },
    );
  });
});
