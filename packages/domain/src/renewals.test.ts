import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RENEWALS_SOON_LIMIT,
  RENEWAL_WINDOW_HOURS,
  daysUntil,
  renewalCardLabel,
  renewalDay,
  renewalListLabel,
  renewalsSoon,
} from "./renewals.js";
import { DAY, HOUR, SECOND, expectOrderedAndStable, isoAfter } from "./test-support.js";

const NOW = new Date("2026-03-10T12:00:00Z");
const WINDOW = 720 * HOUR; // spec 9: 720 hours

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

  it("is UTC's date where the person's is the same or behind", () => {
    expect(renewalDay(now, "UTC")).toBe("2026-11-29");
    expect(renewalDay(now, "Europe/London")).toBe("2026-11-29");
    // 15:00 on the 29th in New York; at 02:00 UTC on the 30th, still the 29th there.
    expect(renewalDay(now, "America/New_York")).toBe("2026-11-29");
    expect(renewalDay(new Date("2026-11-30T02:00:00Z"), "America/New_York")).toBe("2026-11-30");
  });
});

describe("daysUntil", () => {
  it.each([
    ["exactly now", 0, 0],
    ["one millisecond later", 1, 1],
    ["one second later", SECOND, 1],
    ["exactly 24 hours later", DAY, 1],
    ["24 hours and one second later", DAY + SECOND, 2],
    ["exactly 30 days later", 30 * DAY, 30],
    ["one second ago", -SECOND, 0],
    ["24 hours less one second ago", -DAY + SECOND, 0],
    ["exactly 24 hours ago", -DAY, -1],
    ["48 hours ago", -2 * DAY, -2],
  ])("counts a renewal %s as %i days away (rounded up)", (_, offset, days) => {
    expect(daysUntil(isoAfter(NOW, offset), NOW)).toBe(days);
  });

  it("never gives -0 for a renewal earlier the same day", () => {
    expect(Object.is(daysUntil(isoAfter(NOW, -SECOND), NOW), 0)).toBe(true);
    expect(Object.is(daysUntil("2026-03-10", NOW), 0)).toBe(true);
  });

  it("counts a date as 00:00 UTC: today's date is 0 days away later that day", () => {
    expect(daysUntil("2026-03-10", new Date("2026-03-10T00:00:00Z"))).toBe(0);
    expect(daysUntil("2026-03-10", new Date("2026-03-10T12:00:00Z"))).toBe(0);
    expect(daysUntil("2026-03-10", new Date("2026-03-10T23:59:59Z"))).toBe(0);
  });

  it("counts a date as 1 day away from any time the day before, even just before midnight", () => {
    expect(daysUntil("2026-03-10", new Date("2026-03-09T00:00:00Z"))).toBe(1);
    expect(daysUntil("2026-03-10", new Date("2026-03-09T23:59:59Z"))).toBe(1);
    expect(daysUntil("2026-03-10", new Date("2026-03-08T23:59:59Z"))).toBe(2);
  });

  it("counts yesterday's date as expired from the next morning on", () => {
    expect(daysUntil("2026-03-09", new Date("2026-03-10T00:00:00Z"))).toBe(-1);
    expect(renewalListLabel(daysUntil("2026-03-09", new Date("2026-03-10T00:00:00Z")))).toBe(
      "Expired",
    );
  });

  it("counts across a month end and a leap day", () => {
    expect(daysUntil("2026-02-01", new Date("2026-01-31T12:00:00Z"))).toBe(1);
    expect(daysUntil("2026-03-01", new Date("2026-02-28T12:00:00Z"))).toBe(1);
    expect(daysUntil("2028-03-01", new Date("2028-02-28T12:00:00Z"))).toBe(2);
    expect(daysUntil("2028-02-29", new Date("2028-02-28T12:00:00Z"))).toBe(1);
  });

  it("gives NaN for a date it cannot read", () => {
    expect(daysUntil("next month", NOW)).toBeNaN();
    expect(daysUntil("2026-02-30", NOW)).toBeNaN();
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
    expect(renewalCardLabel(daysUntil("2026-03-10", new Date("2026-03-10T00:00:00Z")))).toBe(
      "Renews today",
    );
  });

  it("labels a renewal due tomorrow as 'Tomorrow' in the list", () => {
    expect(renewalListLabel(daysUntil("2026-03-11", NOW))).toBe("Tomorrow");
  });
});

describe("renewalsSoon", () => {
  const at = (name: string, offset: number) => ({ name, next_renewal_date: isoAfter(NOW, offset) });

  it("includes a renewal exactly now and one exactly 720 hours ahead", () => {
    const soon = renewalsSoon([at("end", WINDOW), at("now", 0)], NOW);
    expect(names(soon)).toEqual(["now", "end"]);
    expect(RENEWAL_WINDOW_HOURS).toBe(720);
  });

  it("leaves out a renewal one second past 720 hours and one a second before now", () => {
    expect(renewalsSoon([at("past end", WINDOW + SECOND), at("before", -SECOND)], NOW)).toEqual([]);
  });

  it("lists the soonest first and at most five", () => {
    const offsets = [20, 3, 29, 1, 12, 7, 25].map((days) => at(`in ${days}`, days * DAY));
    expect(names(renewalsSoon(offsets, NOW))).toEqual(["in 1", "in 3", "in 7", "in 12", "in 20"]);
    expect(RENEWALS_SOON_LIMIT).toBe(5);
  });

  it("keeps the given order among renewals at the same moment", () => {
    const same = ["a", "b", "c"].map((name) => at(name, DAY));
    expect(names(renewalsSoon(same, NOW))).toEqual(["a", "b", "c"]);
  });

  it("returns an empty list when nothing renews in the next 30 days", () => {
    expect(renewalsSoon([], NOW)).toEqual([]);
    expect(renewalsSoon([at("later", 31 * DAY)], NOW)).toEqual([]);
  });

  it("leaves out a renewal whose date it cannot read", () => {
    expect(renewalsSoon([{ name: "x", next_renewal_date: "soon" }], NOW)).toEqual([]);
  });

  it("leaves out a paused subscription (decisions D10), and counts one without `active` as active", () => {
    const soon = renewalsSoon(
      [
        { ...at("paused", DAY), active: false },
        { ...at("active", DAY), active: true },
        at("unsaid", DAY),
      ],
      NOW,
    );
    expect(names(soon)).toEqual(["active", "unsaid"]);
  });

  it("does not change the list it is given", () => {
    const subscriptions = [at("later", 9 * DAY), at("sooner", DAY)];
    renewalsSoon(subscriptions, NOW);
    expect(names(subscriptions)).toEqual(["later", "sooner"]);
  });

  it("looks from January 31 into February and March", () => {
    const now = new Date("2026-01-31T10:00:00Z"); // the window ends 2026-03-02T10:00:00Z
    const dates = ["2026-03-03", "2026-02-01", "2026-03-02", "2026-02-28", "2026-01-31"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      now,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual([
      "2026-01-31",
      "2026-02-01",
      "2026-02-28",
      "2026-03-02",
    ]);
  });

  it("includes the leap day 2028-02-29 at exactly the end of the window", () => {
    const now = new Date("2028-01-30T00:00:00Z"); // + 720 h = 2028-02-29T00:00:00Z
    const dates = ["2028-03-01", "2028-02-29", "2028-02-28"];
    const soon = renewalsSoon(
      dates.map((next_renewal_date) => ({ next_renewal_date })),
      now,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2028-02-28", "2028-02-29"]);
  });

  it("keeps a renewal dated today until the day is over, labelled 'Renews today'", () => {
    const now = new Date("2026-03-10T23:59:59Z");
    const soon = renewalsSoon(
      ["2026-03-11", "2026-03-10", "2026-03-09"].map((next_renewal_date) => ({
        next_renewal_date,
      })),
      now,
    );
    expect(soon.map((s) => s.next_renewal_date)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(renewalCardLabel(daysUntil("2026-03-10", now))).toBe("Renews today");
    expect(renewalCardLabel(daysUntil("2026-03-11", now))).toBe("Renews in 1 day");
  });

  it("drops yesterday's date at 00:00 UTC, while a timed renewal a second ago is out at once", () => {
    const now = new Date("2026-03-11T00:00:00Z");
    const soon = renewalsSoon(
      [{ next_renewal_date: "2026-03-10" }, { next_renewal_date: "2026-03-10T23:59:59Z" }],
      now,
    );
    expect(soon).toEqual([]);
  });

  it("includes today's date at exactly 00:00 UTC", () => {
    const now = new Date("2026-03-10T00:00:00Z");
    expect(renewalsSoon([{ next_renewal_date: "2026-03-10" }], now)).toHaveLength(1);
  });

  it("always returns the first min(5, n) of the n renewals in the window, soonest first", () => {
    const nows = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
      .map((ms) => new Date(ms));
    // Offsets from now in whole seconds, around and across the window, with its edges likely.
    const offsets = fc.oneof(
      fc.integer({ min: -40 * 86_400, max: 40 * 86_400 }).map((s) => s * SECOND),
      fc.constantFrom(0, WINDOW, WINDOW + SECOND, -SECOND, SECOND, WINDOW - SECOND),
    );
    const items = fc.array(fc.tuple(offsets, fc.boolean()), { maxLength: 15 });
    fc.assert(
      fc.property(nows, items, (now, generated) => {
        const start = now.getTime();
        const end = start + WINDOW;
        const subscriptions = generated.map(([offset, dateOnly], input) => {
          const instant = new Date(start + offset).toISOString();
          const next_renewal_date = dateOnly ? instant.slice(0, 10) : instant;
          const at = Date.parse(next_renewal_date);
          const lastMoment = dateOnly ? at + DAY - 1 : at; // a date lasts the whole day
          return { input, next_renewal_date, at, lastMoment };
        });
        const inside = subscriptions.filter((s) => s.lastMoment >= start && s.at <= end);
        const soon = renewalsSoon(subscriptions, now);

        expect(soon).toHaveLength(Math.min(RENEWALS_SOON_LIMIT, inside.length));
        for (const s of soon) expect(inside).toContain(s);
        expectOrderedAndStable(soon, (s) => s.at);
        // Nothing inside the window is left out but by the limit: what is left comes later.
        const last = soon.at(-1);
        for (const s of inside.filter((x) => !soon.includes(x))) {
          expect(last).toBeDefined();
          if (!last) continue;
          expect(s.at).toBeGreaterThanOrEqual(last.at);
          if (s.at === last.at) expect(s.input).toBeGreaterThan(last.input);
        }
      }),
      { numRuns: 300 },
    );
  });
});
