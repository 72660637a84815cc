// The reminders section's people and its mail count: each of the morning's people has the
// reminders the section says (the domain's own rule decides), and the mailbox tells a morning
// sent once to each person from one with a person missed or emailed twice.
import {
  SubscriptionCreateSchema,
  calendarDateIn,
  dueReminders,
  wallClockAt,
} from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { messageIdOf, missedOrDoubled } from "../src/support/counting-mailbox.js";
import {
  IN_WINDOW,
  MORNING_HOUR,
  morningPeopleSql,
  morningSubscriptions,
  zonesAtHour,
} from "../src/support/morning-seed.js";

const NOW = new Date("2026-11-25T13:20:00Z");

describe("the morning's people", () => {
  const zones = zonesAtHour(NOW.getTime(), MORNING_HOUR);

  it("live where the clock reads 8 o'clock, on either side of UTC's date", () => {
    expect(zones).toContain("America/New_York");
    expect(zones).not.toContain("Europe/London");
    for (const zone of zones) {
      expect(new Date(wallClockAt(NOW.getTime(), zone)).getUTCHours()).toBe(MORNING_HOUR);
    }
    // At 20:30 UTC it is 8 o'clock tomorrow in Auckland's summer.
    const evening = Date.parse("2026-11-25T19:30:00Z");
    expect(zonesAtHour(evening, MORNING_HOUR)).toContain("Pacific/Auckland");
  });

  it("each have exactly the section's renewals in their window this morning, all valid", () => {
    const today = calendarDateIn(NOW, "America/New_York");
    const subscriptions = morningSubscriptions(today, 20).map((s, i) => ({
      id: i + 1,
      name: s.name,
      active: true,
      frequency: s.frequency,
      interval: 1,
      renewalAnchor: s.renewsOn,
      remindDaysBefore: s.remindDaysBefore,
    }));
    const due = dueReminders({
      nowMs: NOW.getTime(),
      timeZone: "America/New_York",
      tasks: [],
      subscriptions,
    });
    expect(due.map((r) => r.kind)).toEqual(Array(IN_WINDOW).fill("renewal"));
    for (const s of morningSubscriptions(today, 20)) {
      const body = {
        name: s.name,
        cost: s.cost,
        frequency: s.frequency,
        next_renewal_date: s.renewsOn,
        remind_days_before: s.remindDaysBefore,
        priority: s.priority,
      };
      expect(SubscriptionCreateSchema.safeParse(body).success).toBe(true);
    }
  });

  it("are written for every zone, each zone's subscriptions as of its own date", () => {
    const sql = morningPeopleSql({
      people: 3,
      subscriptionsEach: 2,
      zones: ["Pacific/Auckland", "America/New_York"],
      nowMs: NOW.getTime(),
    });
    expect(sql).toContain("generate_series(1, 3)");
    // 02:20 on the 26th in Auckland, 08:20 on the 25th in New York: each renews that day first.
    expect(sql).toContain("('Pacific/Auckland', 'Netflix (1)', 4.99, 'Monthly', '2026-11-26'");
    expect(sql).toContain("('America/New_York', 'Netflix (1)', 4.99, 'Monthly', '2026-11-25'");
    expect(() =>
      morningPeopleSql({ people: 1, subscriptionsEach: 1, zones: [], nowMs: NOW.getTime() }),
    ).toThrow(/no time zone/);
  });
});

describe("the counting mailbox", () => {
  const email = (to: string, messageId: string) => ({ to: [to], messageId, atMs: 0 });

  it("reads a Message-ID, folded or not, whatever the header's case", () => {
    expect(messageIdOf("From: a@b.example\r\nMessage-ID: <r.1.2026-11-25@api>\r\n")).toBe(
      "<r.1.2026-11-25@api>",
    );
    expect(messageIdOf("Subject: x\r\nmessage-id:\r\n <r.2@api>")).toBe("<r.2@api>");
    expect(messageIdOf("Subject: none")).toBe("");
  });

  it("finds no fault with one email to each person, each its own", () => {
    const accepted = [email("a@x", "<1>"), email("b@x", "<2>")];
    expect(missedOrDoubled(accepted, ["a@x", "b@x"])).toEqual({
      missed: [],
      doubled: [],
      sharedMessageIds: [],
    });
  });

  it("names the person missed, the one emailed twice, and a Message-ID sent twice", () => {
    const accepted = [email("a@x", "<1>"), email("a@x", "<1>"), email("c@x", "")];
    expect(missedOrDoubled(accepted, ["a@x", "b@x"])).toEqual({
      missed: ["b@x"],
      doubled: ["a@x", "c@x"],
      sharedMessageIds: ["<1>", ""],
    });
  });
});
