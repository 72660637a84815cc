import { describe, expect, it } from "vitest";
import {
  AGENDA_DAYS,
  type AgendaInput,
  EVENTS_VIEW_DAYS,
  UPCOMING_EVENTS_LIMIT,
  buildAgenda,
  priorityTone,
  upcomingEvents,
} from "./agenda.js";
import { makeSubscription, makeTask as makeRecurringTask } from "./test-support.js";

const TODAY = "2026-03-10";

type AgendaTask = AgendaInput["tasks"][number];
type AgendaSubscription = AgendaInput["subscriptions"][number];

/** A task that happens once unless told otherwise, so that it shows on one day. */
function makeTask(overrides: Partial<AgendaTask> = {}): AgendaTask {
  return { ...makeRecurringTask(), frequency: "Once", ...overrides };
}

/** A renewal of a yearly subscription unless told otherwise: once in any agenda. */
function makeRenewal(overrides: Partial<AgendaSubscription> = {}): AgendaSubscription {
  return { ...makeSubscription(), frequency: "Yearly", ...overrides };
}

function agendaOf(input: Partial<AgendaInput>) {
  return buildAgenda({ tasks: [], subscriptions: [], today: TODAY, ...input });
}

/** The events of one day as "kind id HH:mm" strings (UTC), for compact comparisons. */
function eventsOn(input: Partial<AgendaInput>, date: string): string[] {
  const day = agendaOf(input).find((d) => d.date === date);
  if (!day) throw new Error(`${date} is not in the agenda`);
  const time = (at: number | null) =>
    at === null ? "all day" : new Date(at).toISOString().slice(11, 16);
  return day.events.map((e) => `${e.kind} ${e.id} ${time(e.at)}`);
}

describe("buildAgenda", () => {
  it("covers seven consecutive days, today first", () => {
    expect(AGENDA_DAYS).toBe(7);
    expect(agendaOf({}).map((day) => day.date)).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
    ]);
  });

  it("covers exactly as many days as asked for", () => {
    expect(agendaOf({ days: 3 }).map((day) => day.date)).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
    ]);
    expect(agendaOf({ days: 0 })).toEqual([]);
  });

  it("runs on across a month end and a year end", () => {
    expect(agendaOf({ today: "2026-01-29" }).map((day) => day.date)).toEqual([
      "2026-01-29",
      "2026-01-30",
      "2026-01-31",
      "2026-02-01",
      "2026-02-02",
      "2026-02-03",
      "2026-02-04",
    ]);
    expect(agendaOf({ today: "2026-12-30", days: 3 }).map((day) => day.date)).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
    ]);
  });

  it("includes the leap day in a leap year and goes from 28 February to 1 March otherwise", () => {
    expect(agendaOf({ today: "2028-02-27", days: 4 }).map((day) => day.date)).toEqual([
      "2028-02-27",
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
    expect(agendaOf({ today: "2026-02-27", days: 3 }).map((day) => day.date)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
  });

  it("shows an empty day with no events", () => {
    expect(agendaOf({}).every((day) => day.events.length === 0)).toBe(true);
  });

  it("puts a task on the UTC date of its due date, at the instant it is due", () => {
    const tasks = [makeTask({ id: 7, due_date: "2026-03-11T23:30:00Z", title: "Call bank" })];
    expect(agendaOf({ tasks })[1]).toEqual({
      date: "2026-03-11",
      events: [
        {
          key: "task-7@2026-03-11",
          kind: "task",
          id: 7,
          title: "Call bank",
          date: "2026-03-11",
          at: Date.UTC(2026, 2, 11, 23, 30),
          tone: "medium",
          repeat: false,
          every: null,
          until: null,
        },
      ],
    });
  });

  it("puts a task due at 00:00 UTC (its time left empty) on that date, all day", () => {
    const tasks = [makeTask({ id: 1, due_date: "2026-03-12T00:00:00Z" })];
    expect(eventsOn({ tasks }, "2026-03-12")).toEqual(["task 1 all day"]);
  });

  it("keeps each occurrence of a recurring task without a time all day", () => {
    const tasks = [makeTask({ id: 1, frequency: "Daily", due_date: "2026-03-09T00:00:00Z" })];
    expect(eventsOn({ tasks }, TODAY)).toEqual(["task 1 all day"]);
    expect(eventsOn({ tasks }, "2026-03-16")).toEqual(["task 1 all day"]);
  });

  it("reads a due date with an offset on its UTC date and time", () => {
    const tasks = [makeTask({ id: 1, due_date: "2026-03-11T23:30:00-05:00" })];
    expect(eventsOn({ tasks }, "2026-03-12")).toEqual(["task 1 04:30"]);
  });

  it("puts a renewal on its next renewal date, lasting the day", () => {
    const subscriptions = [
      makeRenewal({ id: 3, name: "Netflix", next_renewal_date: "2026-03-13" }),
    ];
    expect(agendaOf({ subscriptions })[3]).toEqual({
      date: "2026-03-13",
      events: [
        {
          key: "renewal-3@2026-03-13",
          kind: "renewal",
          id: 3,
          title: "Netflix",
          date: "2026-03-13",
          at: null,
          tone: "renewal",
          repeat: false,
          every: { frequency: "Yearly", interval: 1 },
          until: null,
        },
      ],
    });
  });

  it("leaves completed tasks out", () => {
    const tasks = [
      makeTask({ id: 1, due_date: "2026-03-10T09:00:00Z", completed: true }),
      makeTask({ id: 2, due_date: "2026-03-10T10:00:00Z", completed: false }),
    ];
    expect(eventsOn({ tasks }, TODAY)).toEqual(["task 2 10:00"]);
  });

  it("leaves out events before today and after the last day", () => {
    const tasks = [
      makeTask({ id: 1, due_date: "2026-03-09T23:59:59Z" }),
      makeTask({ id: 2, due_date: "2026-03-17T00:00:00Z" }),
      makeTask({ id: 3, due_date: "2026-03-16T23:59:00Z" }),
    ];
    const subscriptions = [
      makeRenewal({ id: 1, next_renewal_date: "2026-03-09" }),
      makeRenewal({ id: 2, next_renewal_date: "2026-03-17" }),
    ];
    const events = agendaOf({ tasks, subscriptions }).flatMap((day) => day.events);
    expect(events.map((e) => e.key)).toEqual(["task-3@2026-03-16"]);
  });

  it("leaves out a task or renewal whose date it cannot read", () => {
    const tasks = [makeTask({ id: 1, due_date: "soon" })];
    const subscriptions = [makeRenewal({ id: 1, next_renewal_date: "2026-02-30" })];
    expect(agendaOf({ tasks, subscriptions }).flatMap((day) => day.events)).toEqual([]);
  });

  it("lists a day's renewals first, then its tasks without a time, then the others by time", () => {
    const tasks = [
      makeTask({ id: 1, due_date: "2026-03-10T18:00:00Z" }),
      makeTask({ id: 2, due_date: "2026-03-10T00:00:00Z" }),
      makeTask({ id: 3, due_date: "2026-03-10T09:15:00Z" }),
    ];
    const subscriptions = [makeRenewal({ id: 4, next_renewal_date: TODAY })];
    expect(eventsOn({ tasks, subscriptions }, TODAY)).toEqual([
      "renewal 4 all day",
      "task 2 all day",
      "task 3 09:15",
      "task 1 18:00",
    ]);
  });

  it("keeps the given order among tasks at the same time and among renewals", () => {
    const tasks = [
      makeTask({ id: 5, due_date: "2026-03-10T09:00:00Z" }),
      makeTask({ id: 2, due_date: "2026-03-10T09:00:00Z" }),
    ];
    const subscriptions = [
      makeRenewal({ id: 9, next_renewal_date: TODAY }),
      makeRenewal({ id: 1, next_renewal_date: TODAY }),
    ];
    expect(eventsOn({ tasks, subscriptions }, TODAY)).toEqual([
      "renewal 9 all day",
      "renewal 1 all day",
      "task 5 09:00",
      "task 2 09:00",
    ]);
  });

  it("colours a task by its priority and a renewal as a renewal", () => {
    const tasks = [
      makeTask({ id: 1, priority: "High" }),
      makeTask({ id: 2, priority: "Medium" }),
      makeTask({ id: 3, priority: "Low" }),
    ].map((task) => ({ ...task, due_date: "2026-03-10T09:00:00Z" }));
    const subscriptions = [makeRenewal({ id: 1, next_renewal_date: TODAY })];
    const tones = agendaOf({ tasks, subscriptions })[0]?.events.map((e) => [e.key, e.tone]);
    expect(tones).toEqual([
      ["renewal-1@2026-03-10", "renewal"],
      ["task-1@2026-03-10", "high"],
      ["task-2@2026-03-10", "medium"],
      ["task-3@2026-03-10", "low"],
    ]);
  });

  it("gives every event a unique key, even a task and a renewal with the same id", () => {
    const tasks = [1, 2, 3].map((id) => makeTask({ id, due_date: `2026-03-1${id}T08:00:00Z` }));
    const subscriptions = [1, 2, 3].map((id) =>
      makeRenewal({ id, next_renewal_date: `2026-03-1${id}` }),
    );
    const keys = agendaOf({ tasks, subscriptions }).flatMap((day) => day.events.map((e) => e.key));
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
  });

  it("does not change the lists it is given", () => {
    const tasks = [makeTask({ id: 2, due_date: "2026-03-10T18:00:00Z" }), makeTask({ id: 1 })];
    const subscriptions = [makeRenewal()];
    const before = structuredClone({ tasks, subscriptions });
    agendaOf({ tasks, subscriptions });
    expect({ tasks, subscriptions }).toEqual(before);
  });
});

describe("buildAgenda over recurring tasks and renewals (decisions D9, D10)", () => {
  /** Each event of the agenda as "date kind id" plus " (repeat)" for a later occurrence. */
  function occurrences(input: Partial<AgendaInput>): string[] {
    return agendaOf(input).flatMap((day) =>
      day.events.map((e) => `${e.date} ${e.kind} ${e.id}${e.repeat ? " (repeat)" : ""}`),
    );
  }

  it("shows a Daily task on each day from its due date, the later days as repeats", () => {
    const tasks = [makeTask({ id: 1, frequency: "Daily", due_date: "2026-03-13T07:00:00Z" })];
    expect(occurrences({ tasks })).toEqual([
      "2026-03-13 task 1",
      "2026-03-14 task 1 (repeat)",
      "2026-03-15 task 1 (repeat)",
      "2026-03-16 task 1 (repeat)",
    ]);
    const times = agendaOf({ tasks }).flatMap((day) => day.events.map((e) => e.at));
    expect(times).toEqual([13, 14, 15, 16].map((day) => Date.UTC(2026, 2, day, 7)));
  });

  it("shows a Daily task due before today on every day of the agenda, each a repeat", () => {
    const tasks = [makeTask({ id: 1, frequency: "Daily", due_date: "2026-03-02T18:00:00Z" })];
    const events = agendaOf({ tasks }).map((day) => day.events);
    expect(events.every((day) => day.length === 1 && day[0]?.repeat === true)).toBe(true);
  });

  it("shows a Daily task up to its repeat-until date, that day included, and none after", () => {
    const daily = makeTask({ id: 1, frequency: "Daily", due_date: "2026-03-11T23:30:00Z" });
    const tasks = [{ ...daily, repeat_until: "2026-03-13" }];
    expect(occurrences({ tasks })).toEqual([
      "2026-03-11 task 1",
      "2026-03-12 task 1 (repeat)",
      "2026-03-13 task 1 (repeat)",
    ]);
    expect(agendaOf({ tasks }).flatMap((day) => day.events.map((e) => e.until))).toEqual([
      "2026-03-13",
      "2026-03-13",
      "2026-03-13",
    ]);
    // With no end it goes on through the agenda.
    const endless = [{ ...daily, repeat_until: null }];
    expect(occurrences({ tasks: endless })).toHaveLength(6);
  });

  it("shows a Weekly task every seventh day and a Once task once", () => {
    const tasks = [
      makeTask({ id: 1, frequency: "Weekly", due_date: "2026-03-03T09:00:00Z" }),
      makeTask({ id: 2, frequency: "Once", due_date: "2026-03-11T09:00:00Z" }),
    ];
    expect(occurrences({ tasks, days: 14 })).toEqual([
      "2026-03-10 task 1 (repeat)",
      "2026-03-11 task 2",
      "2026-03-17 task 1 (repeat)",
    ]);
  });

  it("says how often each event comes back", () => {
    const tasks = [
      makeTask({ id: 1, frequency: "Weekly", interval: 2, due_date: "2026-03-10T09:00:00Z" }),
    ];
    const subscriptions = [makeRenewal({ id: 2, frequency: "Monthly", interval: 3 })];
    const events = agendaOf({ tasks, subscriptions }).flatMap((day) => day.events);
    expect(new Set(events.map((event) => JSON.stringify([event.kind, event.every])))).toEqual(
      new Set([
        JSON.stringify(["task", { frequency: "Weekly", interval: 2 }]),
        JSON.stringify(["renewal", { frequency: "Monthly", interval: 3 }]),
      ]),
    );
  });

  it("shows a task every 2 weeks every fourteenth day, and a renewal every 3 months once a quarter", () => {
    const tasks = [
      makeTask({ id: 1, frequency: "Weekly", interval: 2, due_date: "2026-03-03T09:00:00Z" }),
    ];
    expect(occurrences({ tasks, days: 30 })).toEqual([
      "2026-03-17 task 1 (repeat)",
      "2026-03-31 task 1 (repeat)",
    ]);
    const subscriptions = [
      makeRenewal({ id: 2, frequency: "Monthly", interval: 3, next_renewal_date: "2026-03-20" }),
    ];
    const dates = buildAgenda({ tasks: [], subscriptions, today: TODAY, days: 200 }).flatMap(
      (day) => day.events.map((e) => e.date),
    );
    expect(dates).toEqual(["2026-03-20", "2026-06-20", "2026-09-20"]);
  });

  it("repeats a monthly task from the 31st on the last day of shorter months, without drift", () => {
    const tasks = [makeTask({ id: 1, frequency: "Monthly", due_date: "2026-01-31T10:00:00Z" })];
    const agenda = buildAgenda({ tasks, subscriptions: [], today: "2026-02-01", days: 89 });
    const dates = agenda.flatMap((day) => day.events.map((e) => e.date));
    expect(dates).toEqual(["2026-02-28", "2026-03-31", "2026-04-30"]);
  });

  it("counts a task's later occurrences from its anchor, not from the current one (month ends)", () => {
    // Monthly from 31 January, completed once: due 28 February, then 31 March (D9), not 28 March.
    const task = { id: 1, frequency: "Monthly" as const, due_date: "2026-02-28T09:00:00Z" };
    const agenda = (repeats_from?: string) =>
      buildAgenda({
        tasks: [makeTask({ ...task, ...(repeats_from === undefined ? {} : { repeats_from }) })],
        subscriptions: [],
        today: "2026-02-27",
        days: 70,
      }).flatMap((day) => day.events.map((e) => `${e.date}${e.repeat ? " (repeat)" : ""}`));
    expect(agenda("2026-01-31T09:00:00Z")).toEqual([
      "2026-02-28",
      "2026-03-31 (repeat)",
      "2026-04-30 (repeat)",
    ]);
    // Without the anchor (an answer from before it was sent): from the current one.
    expect(agenda()).toEqual(["2026-02-28", "2026-03-28 (repeat)", "2026-04-28 (repeat)"]);
  });

  it("counts a renewal's later dates from the date it rolls from, not from the next one", () => {
    // Entered for 31 October, answered as renewing on 30 November: then 31 December.
    const subscriptions = [
      makeRenewal({
        id: 4,
        frequency: "Monthly",
        next_renewal_date: "2026-11-30",
        repeats_from: "2026-10-31",
      }),
    ];
    const agenda = buildAgenda({ tasks: [], subscriptions, today: "2026-11-30", days: 35 });
    expect(agenda.flatMap((day) => day.events.map((e) => e.date))).toEqual([
      "2026-11-30",
      "2026-12-31",
    ]);
  });

  it("shows a task's current occurrence even when the anchor's schedule does not pass through it", () => {
    const tasks = [
      makeTask({
        id: 1,
        frequency: "Weekly",
        due_date: "2026-03-11T09:00:00Z",
        repeats_from: "2026-03-02T09:00:00Z",
      }),
    ];
    expect(occurrences({ tasks, days: 14 })).toEqual([
      "2026-03-11 task 1",
      "2026-03-16 task 1 (repeat)",
      "2026-03-23 task 1 (repeat)",
    ]);
  });

  it("repeats a Monthly renewal on its day each month over the events view's 30 days", () => {
    expect(EVENTS_VIEW_DAYS).toBe(30);
    const subscriptions = [
      makeRenewal({ id: 4, frequency: "Monthly", next_renewal_date: "2026-03-10" }),
      makeRenewal({ id: 5, frequency: "Weekly", next_renewal_date: "2026-03-20" }),
    ];
    expect(occurrences({ subscriptions, days: EVENTS_VIEW_DAYS })).toEqual([
      "2026-03-10 renewal 4",
      "2026-03-20 renewal 5",
      "2026-03-27 renewal 5 (repeat)",
      "2026-04-03 renewal 5 (repeat)",
    ]);
    const withMonthEnd = buildAgenda({
      tasks: [],
      subscriptions,
      today: "2026-04-09",
      days: EVENTS_VIEW_DAYS,
    });
    expect(withMonthEnd.flatMap((d) => d.events.map((e) => e.key))).toContain(
      "renewal-4@2026-04-10",
    );
  });

  it("keeps a repeating renewal all day and gives each occurrence its own key", () => {
    const subscriptions = [makeRenewal({ id: 4, frequency: "Daily", next_renewal_date: TODAY })];
    const events = agendaOf({ subscriptions }).flatMap((day) => day.events);
    expect(events).toHaveLength(AGENDA_DAYS);
    expect(events.every((e) => e.at === null)).toBe(true);
    expect(new Set(events.map((e) => e.key)).size).toBe(AGENDA_DAYS);
  });

  it("leaves paused subscriptions out, and counts one without `active` as active", () => {
    const subscriptions = [
      makeRenewal({ id: 1, next_renewal_date: TODAY, active: false }),
      makeRenewal({ id: 2, next_renewal_date: TODAY, active: true }),
      makeRenewal({ id: 3, next_renewal_date: TODAY }),
    ];
    expect(eventsOn({ subscriptions }, TODAY)).toEqual(["renewal 2 all day", "renewal 3 all day"]);
  });

  it("leaves a completed recurring task out altogether", () => {
    const tasks = [
      makeTask({ id: 1, frequency: "Daily", due_date: "2026-03-10T09:00:00Z", completed: true }),
    ];
    expect(occurrences({ tasks })).toEqual([]);
  });

  it("ends the last day at its last millisecond", () => {
    const tasks = [
      makeTask({ id: 1, frequency: "Weekly", due_date: "2026-03-09T23:59:59.999Z" }),
      makeTask({ id: 2, frequency: "Weekly", due_date: "2026-03-10T00:00:00Z" }),
    ];
    expect(occurrences({ tasks })).toEqual(["2026-03-10 task 2", "2026-03-16 task 1 (repeat)"]);
  });
});

describe("upcomingEvents", () => {
  const tasks = [
    makeTask({ id: 1, due_date: "2026-03-12T09:00:00Z" }),
    makeTask({ id: 2, due_date: "2026-03-10T15:00:00Z" }),
    makeTask({ id: 3, due_date: "2026-03-10T08:00:00Z" }),
    makeTask({ id: 4, due_date: "2026-03-15T08:00:00Z" }),
    makeTask({ id: 5, due_date: "2026-03-16T08:00:00Z" }),
    makeTask({ id: 6, due_date: "2026-03-20T08:00:00Z" }),
  ];
  const subscriptions = [makeRenewal({ id: 1, next_renewal_date: "2026-03-12" })];

  it("lists the agenda's events day by day, in the agenda's order, at most five", () => {
    expect(UPCOMING_EVENTS_LIMIT).toBe(5);
    expect(upcomingEvents(agendaOf({ tasks, subscriptions })).map((e) => e.key)).toEqual([
      "task-3@2026-03-10",
      "task-2@2026-03-10",
      "renewal-1@2026-03-12",
      "task-1@2026-03-12",
      "task-4@2026-03-15",
    ]);
  });

  it("lists a recurring record once, at its first occurrence, leaving the places to others", () => {
    const daily = makeRecurringTask({
      id: 7,
      frequency: "Daily",
      due_date: "2026-03-10T07:00:00Z",
    });
    const weekly = makeRenewal({ id: 2, frequency: "Weekly", next_renewal_date: "2026-03-11" });
    expect(
      upcomingEvents(agendaOf({ tasks: [daily, ...tasks], subscriptions: [weekly] })).map(
        (e) => e.key,
      ),
    ).toEqual([
      "task-7@2026-03-10",
      "task-3@2026-03-10",
      "task-2@2026-03-10",
      "renewal-2@2026-03-11",
      "task-1@2026-03-12",
    ]);
  });

  it("takes another limit", () => {
    expect(upcomingEvents(agendaOf({ tasks, subscriptions }), 2).map((e) => e.key)).toEqual([
      "task-3@2026-03-10",
      "task-2@2026-03-10",
    ]);
  });

  it("lists fewer when the week holds fewer", () => {
    const keys = upcomingEvents(agendaOf({ tasks, subscriptions }), 50).map((e) => e.key);
    expect(keys).toEqual([
      "task-3@2026-03-10",
      "task-2@2026-03-10",
      "renewal-1@2026-03-12",
      "task-1@2026-03-12",
      "task-4@2026-03-15",
      "task-5@2026-03-16",
    ]);
  });

  it("is empty when nothing is coming", () => {
    expect(upcomingEvents(agendaOf({}))).toEqual([]);
  });
});

describe("priorityTone", () => {
  it("draws High as 'high', Medium 'medium' and Low 'low'", () => {
    expect(priorityTone("High")).toBe("high");
    expect(priorityTone("Medium")).toBe("medium");
    expect(priorityTone("Low")).toBe("low");
  });
});
