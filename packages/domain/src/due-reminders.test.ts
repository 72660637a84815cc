// Issue 20: which reminders are due, at the edges of their windows, in the person's time zone.
import { describe, expect, it } from "vitest";
import {
  type ReminderSubscription,
  type ReminderTask,
  dueReminders,
  isOverdue,
} from "./due-reminders.js";

const at = (iso: string) => Date.parse(iso);

const netflix: ReminderSubscription = {
  id: 7,
  name: "Netflix",
  active: true,
  frequency: "Monthly",
  interval: 1,
  renewalAnchor: "2026-11-14",
  remindDaysBefore: 7,
};

function renewalsAt(nowIso: string, timeZone = "UTC", subscription = netflix) {
  return dueReminders({ nowMs: at(nowIso), timeZone, tasks: [], subscriptions: [subscription] });
}

describe("a renewal's reminder", () => {
  it("is due from exactly remind_days_before days ahead until the renewal day ends", () => {
    expect(renewalsAt("2026-12-06T23:59:59Z")).toEqual([]);
    expect(renewalsAt("2026-12-07T00:00:00Z")).toEqual([
      {
        key: "renewal:7:2026-12-14",
        kind: "renewal",
        title: "Netflix",
        atMs: at("2026-12-07T00:00:00Z"),
        subscriptionId: 7,
        renewsOn: "2026-12-14",
      },
    ]);
    expect(renewalsAt("2026-12-14T23:59:59Z").map((r) => r.key)).toEqual(["renewal:7:2026-12-14"]);
    // The day after, the next renewal (14 January) is a week too far ahead to remind of.
    expect(renewalsAt("2026-12-15T00:00:00Z")).toEqual([]);
    expect(renewalsAt("2027-01-07T00:00:00Z").map((r) => r.key)).toEqual(["renewal:7:2027-01-14"]);
  });

  it("starts on the person's day, not UTC's, on either side of UTC", () => {
    // 6 December 19:00 in New York is already 7 December in UTC: not yet for a New Yorker.
    expect(renewalsAt("2026-12-07T00:30:00Z", "America/New_York")).toEqual([]);
    expect(renewalsAt("2026-12-07T05:00:00Z", "America/New_York")).toHaveLength(1);
    // 6 December 11:30 UTC is already 7 December in Auckland.
    expect(renewalsAt("2026-12-06T11:30:00Z", "Pacific/Auckland")).toHaveLength(1);
  });

  it("is reminded on the day itself with remind_days_before 0, and never for a paused one", () => {
    const sameDay = { ...netflix, remindDaysBefore: 0 };
    expect(renewalsAt("2026-12-13T12:00:00Z", "UTC", sameDay)).toEqual([]);
    expect(renewalsAt("2026-12-14T00:00:00Z", "UTC", sameDay)).toHaveLength(1);
    expect(renewalsAt("2026-12-10T00:00:00Z", "UTC", { ...netflix, active: false })).toEqual([]);
  });

  it("skips the months between renewals every 3 months: none in December, a week before 14 February", () => {
    const quarterly = { ...netflix, interval: 3 };
    expect(renewalsAt("2026-12-07T00:00:00Z", "UTC", quarterly)).toEqual([]);
    expect(renewalsAt("2027-02-07T00:00:00Z", "UTC", quarterly).map((r) => r.key)).toEqual([
      "renewal:7:2027-02-14",
    ]);
  });

  it("follows month ends as D9 does: a renewal from 31 January is reminded of before 28 February", () => {
    const gym = { ...netflix, renewalAnchor: "2026-01-31", remindDaysBefore: 3 };
    expect(renewalsAt("2026-02-25T00:00:00Z", "UTC", gym).map((r) => r.key)).toEqual([
      "renewal:7:2026-02-28",
    ]);
  });
});

describe("a task's reminders", () => {
  const task: ReminderTask = {
    id: 3,
    title: "Pay council tax",
    dueMs: at("2026-12-01T09:30:00Z"),
    completed: false,
  };
  const tasksAt = (nowIso: string, timeZone = "UTC", t = task) =>
    dueReminders({ nowMs: at(nowIso), timeZone, tasks: [t], subscriptions: [] });

  it("is 'due today' on its day, then 'overdue' once its time has passed, until it is done", () => {
    expect(tasksAt("2026-11-30T23:59:59Z")).toEqual([]);
    expect(tasksAt("2026-12-01T00:00:00Z")).toEqual([
      {
        key: "task_due:3:2026-12-01T09:30:00.000Z",
        kind: "task_due",
        title: "Pay council tax",
        atMs: at("2026-12-01T00:00:00Z"),
        taskId: 3,
        dueMs: at("2026-12-01T09:30:00Z"),
      },
    ]);
    expect(tasksAt("2026-12-01T09:30:00Z").map((r) => r.kind)).toEqual(["task_due"]);
    expect(tasksAt("2026-12-01T09:30:01Z")).toEqual([
      {
        key: "task_overdue:3:2026-12-01T09:30:00.000Z",
        kind: "task_overdue",
        title: "Pay council tax",
        atMs: at("2026-12-01T09:30:00Z"),
        taskId: 3,
        dueMs: at("2026-12-01T09:30:00Z"),
      },
    ]);
    expect(tasksAt("2027-03-01T00:00:00Z").map((r) => r.kind)).toEqual(["task_overdue"]);
    expect(tasksAt("2026-12-01T10:00:00Z", "UTC", { ...task, completed: true })).toEqual([]);
  });

  it("reads the due time on the person's clock: 09:30 in Sydney comes before 09:30 UTC", () => {
    // 22:40 UTC on 30 November is 09:40 on 1 December in Sydney (UTC+11 in summer).
    expect(tasksAt("2026-11-30T22:40:00Z", "Australia/Sydney").map((r) => r.kind)).toEqual([
      "task_overdue",
    ]);
    expect(tasksAt("2026-12-01T12:00:00Z", "America/Los_Angeles").map((r) => r.kind)).toEqual([
      "task_due",
    ]);
  });

  describe("without a time of day (due at 00:00, the form's empty time)", () => {
    const passport = {
      ...task,
      id: 5,
      title: "Passport photos",
      dueMs: at("2026-12-03T00:00:00Z"),
    };

    it("is 'due today' all its day and 'overdue' from the next day's 00:00, since then", () => {
      expect(tasksAt("2026-12-02T23:59:59Z", "UTC", passport)).toEqual([]);
      const dueToday = {
        key: "task_due:5:2026-12-03T00:00:00.000Z",
        kind: "task_due",
        title: "Passport photos",
        atMs: at("2026-12-03T00:00:00Z"),
        taskId: 5,
        dueMs: at("2026-12-03T00:00:00Z"),
      };
      expect(tasksAt("2026-12-03T00:00:00Z", "UTC", passport)).toEqual([dueToday]);
      expect(tasksAt("2026-12-03T00:00:01Z", "UTC", passport)).toEqual([dueToday]);
      expect(tasksAt("2026-12-03T23:59:59.999Z", "UTC", passport)).toEqual([dueToday]);
      expect(tasksAt("2026-12-04T00:00:00Z", "UTC", passport)).toEqual([
        {
          key: "task_overdue:5:2026-12-03T00:00:00.000Z",
          kind: "task_overdue",
          title: "Passport photos",
          atMs: at("2026-12-04T00:00:00Z"),
          taskId: 5,
          dueMs: at("2026-12-03T00:00:00Z"),
        },
      ]);
      expect(tasksAt("2027-03-01T00:00:00Z", "UTC", passport).map((r) => r.kind)).toEqual([
        "task_overdue",
      ]);
    });

    it("keeps to the person's day far from UTC, on either side", () => {
      const kindsAt = (nowIso: string, timeZone: string) =>
        tasksAt(nowIso, timeZone, passport).map((r) => r.kind);
      // 3 December 23:30 in Honolulu (UTC-10) is 4 December 09:30 UTC: still its day there.
      expect(kindsAt("2026-12-04T09:30:00Z", "Pacific/Honolulu")).toEqual(["task_due"]);
      expect(kindsAt("2026-12-04T10:00:00Z", "Pacific/Honolulu")).toEqual(["task_overdue"]);
      // 3 December 00:30 in Kiritimati (UTC+14) is 2 December 10:30 UTC: its day has begun there.
      expect(kindsAt("2026-12-02T09:59:59Z", "Pacific/Kiritimati")).toEqual([]);
      expect(kindsAt("2026-12-02T10:30:00Z", "Pacific/Kiritimati")).toEqual(["task_due"]);
      expect(kindsAt("2026-12-03T10:00:00Z", "Pacific/Kiritimati")).toEqual(["task_overdue"]);
    });

    it("is listed with the day's other reminders by when each became due", () => {
      const reminders = dueReminders({
        nowMs: at("2026-12-04T10:00:00Z"),
        timeZone: "UTC",
        tasks: [
          task,
          passport,
          { ...passport, id: 6, title: "Bins", dueMs: at("2026-12-04T00:00:00Z") },
          { ...task, id: 8, title: "Dentist", dueMs: at("2026-12-04T09:00:00Z") },
        ],
        subscriptions: [],
      });
      expect(reminders.map((r) => r.key)).toEqual([
        // Overdue since 09:00 today.
        "task_overdue:8:2026-12-04T09:00:00.000Z",
        // Both since today's 00:00: due today, and overdue as its day ended (a tie goes by key).
        "task_due:6:2026-12-04T00:00:00.000Z",
        "task_overdue:5:2026-12-03T00:00:00.000Z",
        // Overdue since 1 December 09:30.
        "task_overdue:3:2026-12-01T09:30:00.000Z",
      ]);
    });
  });

  it("lists the newest first, a moved recurring task as a new occurrence", () => {
    const moved = { ...task, dueMs: at("2026-12-02T09:30:00Z") };
    const both = dueReminders({
      nowMs: at("2026-12-02T10:00:00Z"),
      timeZone: "UTC",
      tasks: [task, { ...moved, id: 4, title: "Water plants" }],
      subscriptions: [{ ...netflix, renewalAnchor: "2026-12-05" }],
    });
    expect(both.map((r) => r.key)).toEqual([
      "task_overdue:4:2026-12-02T09:30:00.000Z",
      "task_overdue:3:2026-12-01T09:30:00.000Z",
      "renewal:7:2026-12-05",
    ]);
  });
});

describe("isOverdue, the bell's rule for the dashboard's task rows", () => {
  it("calls a timed task overdue once its time has passed, not at it", () => {
    const due = at("2026-12-01T09:30:00Z");
    expect(isOverdue(due, at("2026-12-01T09:30:00Z"))).toBe(false);
    expect(isOverdue(due, at("2026-12-01T09:30:01Z"))).toBe(true);
  });

  it("calls an all-day task overdue only once its day has ended", () => {
    const due = at("2026-12-03T00:00:00Z");
    expect(isOverdue(due, at("2026-12-03T23:59:59Z"))).toBe(false);
    expect(isOverdue(due, at("2026-12-04T00:00:00Z"))).toBe(true);
  });
});
