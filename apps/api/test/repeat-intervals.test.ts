// decisions D9: a schedule's interval (every 2 weeks, every 3 months) as a caller notices it: what
// is taken and refused, where a completion and a renewal move to, what an edit restarts, what the
// totals count, and what the calendar feed says.
import type { Notification } from "@life-admin/domain";
import { afterEach, describe, expect, it } from "vitest";
import { type JsonResponse, call, get, post } from "./support/http.js";
import { calendarOf } from "./support/ical.js";
import { signInAs, useTestApp } from "./support/test-app.js";

// Before every due date below: each completion is on time and moves one interval. Moved only by
// the tests that say so, each putting it back.
const START = new Date("2026-12-01T12:00:00Z");
let clock = START;
const t = useTestApp({ now: () => clock });

const BINS = {
  title: "Put the recycling out",
  due_date: "2026-12-04T07:00:00Z",
  frequency: "Weekly",
  interval: 2,
  priority: "Medium",
};

const INSURANCE = {
  name: "Home insurance",
  next_renewal_date: "2026-10-15",
  cost: 84,
  frequency: "Monthly",
  interval: 3,
  remind_days_before: 7,
};

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  let token = tokens.access_token;
  const created = async (path: string, body: object) => {
    const res = await post(t.app, path, { token, body });
    expect(res.status, res.text).toBe(201);
    return res.body as Record<string, unknown> & { id: number };
  };
  return {
    token,
    task: (body: object = BINS) => created("/tasks/", body),
    subscription: (body: object = INSURANCE) => created("/subscriptions/", body),
    send: (method: string, path: string, body?: object) =>
      call(t.app, method, path, { token, ...(body === undefined ? {} : { body }) }),
    /** Moves the API's clock to `iso`, signed in again (the last access token may have ended). */
    async at(iso: string) {
      clock = new Date(iso);
      token = (await signInAs(t.deps, { subject: user.subject })).tokens.access_token;
    },
  };
}

/** The body of a 200, after checking the status. */
function ok(res: JsonResponse): Record<string, unknown> {
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, unknown>;
}

describe("a task's interval", () => {
  it("is answered as sent, 1 when left out, and 1 for a task that happens once", async () => {
    const me = await person();
    expect(await me.task()).toMatchObject({ frequency: "Weekly", interval: 2 });
    const weekly: Partial<typeof BINS> = { ...BINS };
    delete weekly.interval;
    expect(await me.task(weekly)).toMatchObject({ frequency: "Weekly", interval: 1 });
    expect(await me.task({ ...BINS, frequency: "Once", interval: 5 })).toMatchObject({
      frequency: "Once",
      interval: 1,
    });
  });

  it.each([
    [0, "Repeat every must be at least 1"],
    [100, "Repeat every must be at most 99"],
    [1.5, "Repeat every must be a whole number"],
    ["2", "Repeat every must be a whole number"],
    [null, "Repeat every must be a whole number"],
  ])("refuses %j with a 422 naming the field, and stores nothing", async (interval, msg) => {
    const me = await person();
    const res = await post(t.app, "/tasks/", { token: me.token, body: { ...BINS, interval } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [expect.objectContaining({ loc: ["body", "interval"], msg })],
    });
    expect((await get(t.app, "/tasks/", { token: me.token })).body).toEqual([]);
    const task = await me.task();
    const edit = await me.send("PATCH", `/tasks/${task.id}`, { interval });
    expect(edit.status).toBe(422);
    expect(ok(await me.send("GET", `/tasks/${task.id}`))).toMatchObject({ interval: 2 });
  });

  it("moves a completion on by the interval, and the undo brings it back", async () => {
    const me = await person();
    const task = await me.task();
    const done = ok(await me.send("POST", `/tasks/${task.id}/complete`));
    expect(done).toMatchObject({ due_date: "2026-12-18T07:00:00Z", completed: false });
    const again = ok(await me.send("POST", `/tasks/${task.id}/complete`));
    expect(again).toMatchObject({ due_date: "2027-01-01T07:00:00Z" });
    const undone = ok(await me.send("POST", `/tasks/${task.id}/uncomplete`));
    expect(undone).toMatchObject({ due_date: "2026-12-18T07:00:00Z", interval: 2 });
  });

  it("restarts the schedule from the due date when the interval changes, and keeps it when sent again", async () => {
    const me = await person();
    const task = await me.task({ ...BINS, frequency: "Monthly", due_date: "2027-01-31T07:00:00Z" });
    // From 31 January every 2 months: 31 March; completed once, the task is there.
    expect(ok(await me.send("POST", `/tasks/${task.id}/complete`))).toMatchObject({
      due_date: "2027-03-31T07:00:00Z",
      repeats_from: "2027-01-31T07:00:00Z",
    });
    // The edit form sends every field again: the anchor stays, the next is 31 May.
    const same = ok(
      await me.send("PATCH", `/tasks/${task.id}`, { interval: 2, frequency: "Monthly" }),
    );
    expect(same).toMatchObject({ repeats_from: "2027-01-31T07:00:00Z" });
    expect(ok(await me.send("POST", `/tasks/${task.id}/complete`))).toMatchObject({
      due_date: "2027-05-31T07:00:00Z",
    });
    // Every 3 months now: counted from 31 May, the next is 31 August.
    const edited = ok(await me.send("PATCH", `/tasks/${task.id}`, { interval: 3 }));
    expect(edited).toMatchObject({ interval: 3, repeats_from: "2027-05-31T07:00:00Z" });
    expect(ok(await me.send("POST", `/tasks/${task.id}/complete`))).toMatchObject({
      due_date: "2027-08-31T07:00:00Z",
    });
    // Undone: the occurrence it closed comes back on the new schedule.
    expect(ok(await me.send("POST", `/tasks/${task.id}/uncomplete`))).toMatchObject({
      due_date: "2027-05-31T07:00:00Z",
      interval: 3,
    });
  });

  it("stays 1 when a task is edited to happen once, whatever is sent with it", async () => {
    const me = await person();
    const task = await me.task();
    const once = ok(
      await me.send("PATCH", `/tasks/${task.id}`, { frequency: "Once", interval: 4 }),
    );
    expect(once).toMatchObject({ frequency: "Once", interval: 1 });
    expect(ok(await me.send("PATCH", `/tasks/${task.id}`, { interval: 6 }))).toMatchObject({
      interval: 1,
    });
  });
});

describe("a subscription's interval", () => {
  it("rolls a passed renewal forward by it, and the totals count it", async () => {
    const me = await person();
    // Entered as 15 October, every 3 months: 15 January is the next on 1 December.
    expect(await me.subscription()).toMatchObject({
      interval: 3,
      next_renewal_date: "2027-01-15",
      repeats_from: "2026-10-15",
    });
    await me.subscription({
      ...INSURANCE,
      name: "Window cleaner",
      cost: 12,
      frequency: "Weekly",
      interval: 4,
    });
    // 84 four times a year and 12 thirteen times: 336 + 156 a year, 41.00 a month.
    expect(ok(await me.send("GET", "/subscriptions/totals"))).toEqual({
      monthly: 41,
      yearly: 492,
      active_count: 2,
    });
  });

  it("restarts the renewals from the date shown when the interval changes", async () => {
    const me = await person();
    const insurance = await me.subscription();
    const edited = ok(await me.send("PATCH", `/subscriptions/${insurance.id}`, { interval: 6 }));
    expect(edited).toMatchObject({
      interval: 6,
      next_renewal_date: "2027-01-15",
      repeats_from: "2027-01-15",
    });
  });
});

describe("a subscription's interval as the days pass", () => {
  afterEach(() => {
    clock = START;
  });

  /** The reminders of renewals the bell shows on the API's day, as "name renews on date". */
  async function renewalsInBell(me: Awaited<ReturnType<typeof person>>): Promise<string[]> {
    const bell = ok(await me.send("GET", "/notifications/")) as unknown as Notification[];
    return bell.filter((n) => n.kind === "renewal").map((n) => `${n.title} renews on ${n.due}`);
  }

  it("rolls a passed renewal on by 3 months, and the bell reminds of it only in its week", async () => {
    const me = await person();
    const insurance = await me.subscription();
    await me.at("2027-01-16T12:00:00Z");
    const [rolled] = (await me.send("GET", "/subscriptions/")).body as { id: number }[];
    expect(rolled).toMatchObject({ id: insurance.id, next_renewal_date: "2027-04-15" });
    // Every month, it would be due on 15 February and reminded of from the 8th.
    await me.at("2027-02-10T12:00:00Z");
    expect(await renewalsInBell(me)).toEqual([]);
    await me.at("2027-04-09T12:00:00Z");
    expect(await renewalsInBell(me)).toEqual(["Home insurance renews on 2027-04-15"]);
  });

  it("restarts a paused subscription's renewals from its date when its interval changes, and rolls them on by it when resumed", async () => {
    const me = await person();
    const insurance = await me.subscription();
    const path = `/subscriptions/${insurance.id}`;
    expect(ok(await me.send("PATCH", path, { active: false }))).toMatchObject({
      next_renewal_date: "2027-01-15",
    });
    expect(ok(await me.send("PATCH", path, { interval: 6 }))).toMatchObject({
      interval: 6,
      next_renewal_date: "2027-01-15",
      repeats_from: "2027-01-15",
    });
    await me.at("2027-02-01T12:00:00Z");
    expect(ok(await me.send("PATCH", path, { active: true }))).toMatchObject({
      next_renewal_date: "2027-07-15",
    });
  });
});

describe("the calendar feed", () => {
  it("repeats each event by its interval", async () => {
    const me = await person();
    const task = await me.task();
    const insurance = await me.subscription();
    const feed = ok(await me.send("GET", "/calendar/feed")) as { url: string };
    const ics = await get(t.app, new URL(feed.url).pathname);
    expect(ics.status).toBe(200);
    const rules = new Map(
      calendarOf(ics.text)
        .getAllSubcomponents("vevent")
        .map((event) => [
          String(event.getFirstPropertyValue("uid")),
          String(event.getFirstPropertyValue("rrule")),
        ]),
    );
    const host = new URL(feed.url).hostname;
    expect(rules.get(`task-${task.id}@${host}`)).toBe("FREQ=WEEKLY;INTERVAL=2");
    expect(rules.get(`subscription-${insurance.id}@${host}`)).toBe(
      "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15",
    );
  });
});
