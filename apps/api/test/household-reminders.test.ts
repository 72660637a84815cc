// Issue 23, decisions D16: the bell, the morning email and the calendar feed hold what My View
// holds: a person's own records and the shared ones assigned to them (whose owner keeps their
// reminders too), never another member's unshared ones, and nothing of a household once removed
// from it. The bell's Family view holds every shared record's reminder, each with the asking
// person's own read mark. The email goes through the job engine to a real SMTP server on loopback.
import { NotificationSchema } from "@life-admin/domain";
import * as z from "zod/mini";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobEngine } from "../src/jobs/job-engine.js";
import { calendarOf } from "./support/ical.js";
import { call, get, post } from "./support/http.js";
import { type Person, as, newPerson, threeAtHomeAndAStranger } from "./support/households.js";
import { openMailedApp } from "./support/mailed-app.js";
import type { TestMailbox } from "./support/test-mailbox.js";
import type { TestApp } from "./support/test-app.js";

/** What a person waits for at most: a morning's job picked up and its email accepted. */
const WAIT = { timeout: 20_000, interval: 100 };
const TODAY = "2026-12-07";

let t: TestApp;
let mailbox: TestMailbox;
let engine: JobEngine;
let close: () => Promise<void>;

beforeAll(async () => {
  // After 08:00, the default reminder hour, on the people's clock (UTC by default).
  ({ t, mailbox, engine, close } = await openMailedApp(() => new Date(`${TODAY}T09:00:00Z`)));
});

afterAll(() => close());

type View = "mine" | "family";

async function bellOf(who: Person, view?: View) {
  const query = view === undefined ? "" : `?view=${view}`;
  const answer = await get(t.app, `/notifications/${query}`, as(who));
  expect(answer.status, answer.text).toBe(200);
  return z.array(NotificationSchema).parse(answer.body);
}
const titlesIn = async (who: Person, view?: View) =>
  (await bellOf(who, view)).map((n) => n.title).sort();
const unreadIn = async (who: Person, view: View) =>
  (await bellOf(who, view))
    .filter((n) => !n.read)
    .map((n) => n.title)
    .sort();
const markRead = (who: Person, view: View, body: object) =>
  post(t.app, `/notifications/read?view=${view}`, { ...as(who), body });
const idOf = async (who: Person, view: View, title: string) =>
  (await bellOf(who, view)).find((n) => n.title === title)?.id ?? "";

async function createTask(who: Person, title: string, sharing: object = {}): Promise<number> {
  const answer = await post(t.app, "/tasks/", {
    ...as(who),
    // Due today at 09:30: "due today" on the people's clock.
    body: { title, due_date: `${TODAY}T09:30:00Z`, frequency: "Once", ...sharing },
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as { id: number }).id;
}

async function createSubscription(who: Person, name: string, sharing: object = {}) {
  const answer = await post(t.app, "/subscriptions/", {
    ...as(who),
    // Renews in a week, reminded of 7 days ahead: in its window today.
    body: {
      name,
      cost: 9.99,
      frequency: "Monthly",
      next_renewal_date: "2026-12-14",
      remind_days_before: 7,
      ...sharing,
    },
  });
  expect(answer.status, answer.text).toBe(201);
}

/** The events in `who`'s calendar feed, fetched as a calendar app does: their summaries, no costs. */
async function feedOf(who: Person): Promise<string[]> {
  const feed = await get(t.app, "/calendar/feed", as(who));
  expect(feed.status, feed.text).toBe(200);
  const ics = await get(t.app, new URL((feed.body as { url: string }).url).pathname);
  expect(ics.status).toBe(200);
  return calendarOf(ics.text)
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")).replace(/ \(.*\)$/, ""))
    .sort();
}

/** A household where the owner assigns a task and a subscription to `member`. */
async function assignedToMember() {
  const people = await threeAtHomeAndAStranger(t);
  const { owner, member, other } = people;
  const assigned = { shared: true, assignee_id: member.id };
  await createTask(owner, "Renew the car insurance", assigned);
  await createSubscription(owner, "Netflix", assigned);
  await createTask(owner, "Owner's private task");
  await createTask(other, "Other's private task");
  await createSubscription(other, "Other's private gym");
  await createTask(member, "Member's own task");
  return people;
}

describe("My View's reminders in a household", () => {
  it("give the assignee a bell with what is assigned to them, the owner keeps theirs, and no one sees another's unshared records", async () => {
    const { owner, member, other, stranger } = await assignedToMember();
    expect(await titlesIn(member)).toEqual([
      "Member's own task",
      "Netflix",
      "Renew the car insurance",
    ]);
    expect(await titlesIn(member, "mine")).toEqual(await titlesIn(member));
    expect(await titlesIn(owner)).toEqual([
      "Netflix",
      "Owner's private task",
      "Renew the car insurance",
    ]);
    expect(await titlesIn(other)).toEqual(["Other's private gym", "Other's private task"]);
    expect(await titlesIn(stranger)).toEqual([]);
  });

  it("send the assignee a morning email with the task and the subscription assigned to them", async () => {
    const { member } = await assignedToMember();
    const settings = await call(t.app, "PATCH", "/users/me", {
      ...as(member),
      body: { email_reminders: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const { email } = settings.body as { email: string };

    await engine.sweepMornings();
    await vi.waitFor(() => {
      expect(mailbox.messages.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
    }, WAIT);
    const mail = mailbox.messages.find((m) => JSON.stringify(m.to).includes(email));
    expect(mail?.subject).toBe("Life Admin: 3 reminders for Monday, 7 December 2026");
    expect(mail?.text).toContain("- Renew the car insurance: due today at 09:30");
    expect(mail?.text).toContain("- Netflix renews on Monday, 14 December 2026");
    expect(mail?.text).toContain("- Member's own task: due today at 09:30");
    expect(mail?.text).not.toContain("private");
  });

  it("put the assigned task in the assignee's calendar feed, and leave the others' unshared records out", async () => {
    const { owner, member } = await assignedToMember();
    expect(await feedOf(member)).toEqual([
      "Member's own task",
      "Renew the car insurance",
      "Renewal: Netflix",
    ]);
    expect(await feedOf(owner)).toContain("Renew the car insurance");
  });

  it("stop at the assignee's next request once they are removed from the household", async () => {
    const { owner, member } = await assignedToMember();
    expect(await feedOf(member)).toContain("Renew the car insurance");
    const removed = await call(t.app, "DELETE", `/households/me/members/${member.id}`, as(owner));
    expect(removed.status, removed.text).toBe(204);

    expect(await titlesIn(member)).toEqual(["Member's own task"]);
    expect(await feedOf(member)).toEqual(["Member's own task"]);
    expect(await titlesIn(owner)).toContain("Renew the car insurance");
  });
});

describe("GET /tasks/{task_id}/ics in a household", () => {
  it("downloads a task shared with the person, and is a 404 for another member's unshared task and for another household", async () => {
    const { owner, member, stranger } = await threeAtHomeAndAStranger(t);
    const shared = await createTask(owner, "Bins out", { shared: true });
    const assigned = await createTask(owner, "Boiler service", {
      shared: true,
      assignee_id: member.id,
    });
    const unshared = await createTask(owner, "Owner's own");
    for (const id of [shared, assigned]) {
      const ics = await get(t.app, `/tasks/${id}/ics`, as(member));
      expect(ics.status, ics.text).toBe(200);
      expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    }
    expect((await get(t.app, `/tasks/${unshared}/ics`, as(member))).status).toBe(404);
    expect((await get(t.app, `/tasks/${shared}/ics`, as(stranger))).status).toBe(404);
  });
});

describe("the bell's Family view", () => {
  it("holds the reminder of every record shared in the household, and nothing for anyone else", async () => {
    const { owner, member, other, stranger } = await assignedToMember();
    await createTask(other, "Bins out", { shared: true });
    await createSubscription(member, "Spotify", { shared: true });
    const shared = ["Bins out", "Netflix", "Renew the car insurance", "Spotify"];
    for (const who of [owner, member, other]) {
      expect(await titlesIn(who, "family")).toEqual(shared);
    }
    expect(await titlesIn(stranger, "family")).toEqual([]);
    expect(await titlesIn(await newPerson(t), "family")).toEqual([]);
  });

  it("keeps each person's own read marks", async () => {
    const { owner, member, other } = await assignedToMember();
    await createTask(other, "Bins out", { shared: true });
    const marked = await markRead(member, "family", {
      ids: [await idOf(member, "family", "Netflix")],
    });
    expect(marked.status, marked.text).toBe(204);

    expect(await unreadIn(member, "family")).toEqual(["Bins out", "Renew the car insurance"]);
    expect(await unreadIn(member, "mine")).toEqual([
      "Member's own task",
      "Renew the car insurance",
    ]);
    expect(await unreadIn(owner, "family")).toEqual([
      "Bins out",
      "Netflix",
      "Renew the car insurance",
    ]);
  });

  it("is marked read without dropping the marks made in My View, and the other way round", async () => {
    const { member, other } = await assignedToMember();
    await createTask(other, "Bins out", { shared: true });
    const own = await idOf(member, "mine", "Member's own task");
    expect((await markRead(member, "mine", { ids: [own] })).status).toBe(204);

    expect((await markRead(member, "family", { all: true })).status).toBe(204);
    expect(await unreadIn(member, "family")).toEqual([]);
    expect(await unreadIn(member, "mine")).toEqual([]);

    // "Bins out" is in Family view alone: marking My View's all read keeps its mark.
    expect((await markRead(member, "mine", { all: true })).status).toBe(204);
    expect(await unreadIn(member, "family")).toEqual([]);
  });

  it("refuses a view it does not know with a 422 naming the query's view", async () => {
    const { member } = await threeAtHomeAndAStranger(t);
    const listed = await get(t.app, "/notifications/?view=bogus", as(member));
    const marked = await markRead(member, "bogus" as View, { all: true });
    for (const answer of [listed, marked]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ detail: [{ loc: ["query", "view"] }] });
    }
  });
});
