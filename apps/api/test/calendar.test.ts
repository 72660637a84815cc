// Issue 19 (decisions D11): the private calendar feed as a calendar app and the person notice it.
// The feed is read with Mozilla's ical.js (the parser behind Thunderbird) and with node-ical, a
// second, independent parser; every event must come back with its dates, rule and alarm.
import { type CalendarFeed, CalendarFeedSchema } from "@life-admin/domain";
import { type TaskWithSharing, TaskWithSharingSchema } from "@life-admin/domain/household";
import ICAL from "ical.js";
import nodeIcal from "node-ical";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions, tasks } from "../src/db/schema.js";
import { icsFileName } from "../src/routes/calendar.js";
import { type JsonResponse, call, get, post } from "./support/http.js";
import { calendarOf, firstEventOf } from "./support/ical.js";
import { TEST_API_URL, signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();
const FEED_URL = new RegExp(
  `^${TEST_API_URL.replace(/[.]/g, "\\.")}/calendar/[A-Za-z0-9_-]{43}\\.ics$`,
);

async function person(profile: { email?: string; fullName?: string } = {}) {
  const { user, tokens } = await signInAs(t.deps, profile);
  const token = tokens.access_token;
  return {
    user,
    token,
    async feed(): Promise<CalendarFeed> {
      const res = await get(t.app, "/calendar/feed", { token });
      expect(res.status, res.text).toBe(200);
      return CalendarFeedSchema.parse(res.body);
    },
    async task(body: object): Promise<TaskWithSharing> {
      const res = await post(t.app, "/tasks/", { token, body });
      expect(res.status, res.text).toBe(201);
      return TaskWithSharingSchema.parse(res.body);
    },
    async subscription(body: object): Promise<{ id: number }> {
      const res = await post(t.app, "/subscriptions/", { token, body });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: number };
    },
  };
}

/** GET of a feed URL as a calendar app sends it: no Authorization header. */
function fetchFeed(url: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return get(t.app, new URL(url).pathname, { headers });
}

const SUBSCRIPTION = {
  name: "Netflix",
  cost: 15.99,
  frequency: "Monthly",
  next_renewal_date: "2099-01-31",
  remind_days_before: 7,
  priority: "Medium",
  cancel_link: "https://www.netflix.com/cancelplan",
};

describe("GET /calendar/feed", () => {
  it("makes the person's feed on first use and answers the same secret address after", async () => {
    const alice = await person();
    const first = await alice.feed();
    expect(first.url).toMatch(FEED_URL);
    expect(first.webcal_url).toBe(first.url.replace(/^http:/, "webcal:"));
    expect(first).toMatchObject({ connected: false, last_fetched_at: null });
    expect(await alice.feed()).toEqual(first);
    const bob = await person();
    expect((await bob.feed()).url).not.toBe(first.url);
  });

  it("needs a signed-in person", async () => {
    const res = await get(t.app, "/calendar/feed");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated" });
  });

  it("says connected once the person says so, or once a calendar app fetched it", async () => {
    const alice = await person();
    const feed = await alice.feed();
    const patched = await call(t.app, "PATCH", "/calendar/feed", {
      token: alice.token,
      body: { connected: true },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ url: feed.url, connected: true });
    const undone = await call(t.app, "PATCH", "/calendar/feed", {
      token: alice.token,
      body: { connected: false },
    });
    expect(undone.body).toMatchObject({ connected: false, last_fetched_at: null });

    expect((await fetchFeed(feed.url)).status).toBe(200);
    const fetched = await alice.feed();
    expect(fetched.connected).toBe(true);
    expect(Date.parse(fetched.last_fetched_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses an edit that is not {connected: boolean} with a 422 naming the field", async () => {
    const alice = await person();
    const res = await call(t.app, "PATCH", "/calendar/feed", {
      token: alice.token,
      body: { connected: "yes" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: [{ loc: ["body", "connected"] }] });
  });
});

describe("GET /calendar/{token}.ics", () => {
  it("answers an iCalendar document calendar apps cache privately and search engines skip", async () => {
    const alice = await person();
    const res = await fetchFeed((await alice.feed()).url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^private\b/);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    const calendar = calendarOf(res.text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Life Admin//Life Admin//EN");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Life Admin");
    expect(res.text).toContain("\r\nNAME:Life Admin\r\n");
    expect(res.text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(res.text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");
  });

  it("holds every pending task and active renewal, read back alike by ical.js and node-ical", async () => {
    const alice = await person({ email: "alice.private@example.test", fullName: "Alice Private" });
    const timed = await alice.task({
      title: "Pay council tax",
      due_date: "2099-01-31T09:30:00Z",
      frequency: "Monthly",
      priority: "High",
      notes: "Reference 1234; bring the letter",
    });
    const allDay = await alice.task({
      title: "Renew passport",
      due_date: "2099-03-01T00:00:00Z",
      frequency: "Once",
      priority: "Medium",
    });
    const done = await alice.task({
      title: "Book dentist",
      due_date: "2099-02-01T10:00:00Z",
      frequency: "Once",
      priority: "Low",
    });
    expect((await post(t.app, `/tasks/${done.id}/complete`, { token: alice.token })).status).toBe(
      200,
    );
    const netflix = await alice.subscription(SUBSCRIPTION);
    const paused = await alice.subscription({ ...SUBSCRIPTION, name: "Gym", active: false });

    const res = await fetchFeed((await alice.feed()).url);
    // Nothing about the person.
    expect(res.text).not.toMatch(/alice\.private|Alice Private/i);

    const events = new Map(
      calendarOf(res.text)
        .getAllSubcomponents("vevent")
        .map((vevent) => [vevent.getFirstPropertyValue("uid"), vevent] as const),
    );
    const host = new URL(TEST_API_URL).hostname;
    expect([...events.keys()].sort()).toEqual(
      [
        `task-${timed.id}@${host}`,
        `task-${allDay.id}@${host}`,
        `subscription-${netflix.id}@${host}`,
      ].sort(),
    );
    expect(events.has(`subscription-${paused.id}@${host}`)).toBe(false);

    const timedEvent = new ICAL.Event(events.get(`task-${timed.id}@${host}`));
    expect(timedEvent.summary).toBe("Pay council tax");
    expect(timedEvent.description).toBe("Reference 1234; bring the letter");
    expect(timedEvent.startDate.toString()).toBe("2099-01-31T09:30:00Z");
    expect(timedEvent.endDate.toString()).toBe("2099-01-31T10:00:00Z");
    expect(String(timedEvent.component.getFirstPropertyValue("rrule"))).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
    );
    expect(timedEvent.component.getFirstPropertyValue("dtstamp")).not.toBeNull();

    const allDayEvent = new ICAL.Event(events.get(`task-${allDay.id}@${host}`));
    expect(allDayEvent.startDate.isDate).toBe(true);
    expect(allDayEvent.startDate.toString()).toBe("2099-03-01");
    expect(allDayEvent.component.getFirstPropertyValue("rrule")).toBeNull();

    const renewal = new ICAL.Event(events.get(`subscription-${netflix.id}@${host}`));
    expect(renewal.summary).toBe("Renewal: Netflix ($15.99)");
    expect(renewal.startDate.isDate).toBe(true);
    expect(renewal.startDate.toString()).toBe("2099-01-31");
    expect(renewal.component.getFirstPropertyValue("url")).toBe(SUBSCRIPTION.cancel_link);
    const alarm = renewal.component.getFirstSubcomponent("valarm");
    expect(alarm?.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(String(alarm?.getFirstPropertyValue("trigger"))).toBe("-P7D");

    // The second parser reads the same events, dates, rule and alarm.
    const other = nodeIcal.sync.parseICS(res.text);
    const otherTimed = other[`task-${timed.id}@${host}`];
    const otherRenewal = other[`subscription-${netflix.id}@${host}`];
    if (otherTimed?.type !== "VEVENT" || otherRenewal?.type !== "VEVENT") {
      throw new Error("node-ical did not read the events");
    }
    expect(otherTimed.start.toISOString()).toBe("2099-01-31T09:30:00.000Z");
    expect(otherTimed.summary).toBe("Pay council tax");
    expect(otherTimed.rrule?.between(new Date("2099-02-01"), new Date("2099-04-30"), true)).toEqual(
      [new Date("2099-02-28T09:30:00Z"), new Date("2099-03-31T09:30:00Z")],
    );
    expect(otherRenewal.summary).toBe("Renewal: Netflix ($15.99)");
    expect(otherRenewal.datetype).toBe("date");
    expect(otherRenewal.alarms?.[0]?.trigger).toBe("-P7D");
    expect(Object.values(other).filter((item) => item?.type === "VEVENT")).toHaveLength(3);
  });

  it("writes a cancel link exactly as entered, never backslash-escaped (RFC 5545 3.3.13)", async () => {
    const alice = await person();
    const cancel_link = `https://account.example.com/cancel;jsessionid=ABC?plans=1,2&q=${"x".repeat(80)}`;
    await alice.subscription({ ...SUBSCRIPTION, cancel_link });
    await alice.subscription({ ...SUBSCRIPTION, name: "Gym", cancel_link: null });
    const res = await fetchFeed((await alice.feed()).url);
    const unfolded = res.text.replace(/\r\n /g, "").split("\r\n");
    expect(unfolded.filter((line) => line.startsWith("URL"))).toEqual([
      `URL;VALUE=URI:${cancel_link}`,
    ]);
    const urls = calendarOf(res.text)
      .getAllSubcomponents("vevent")
      .map((vevent) => vevent.getFirstPropertyValue("url"));
    expect(urls.sort()).toEqual([cancel_link, null]);
    // Folded as every other line is.
    for (const line of res.text.split("\r\n")) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
  });

  it("writes a title stored with line breaks or control characters on one line, with no control character", async () => {
    const alice = await person();
    const task = await alice.task({ title: "Pay rent", due_date: "2099-01-31T09:30:00Z" });
    const renewal = await alice.subscription(SUBSCRIPTION);
    // Rows from before the domain refused them.
    const { db } = t.deps.database;
    await db
      .update(tasks)
      .set({ title: "Pay rent\r\n\u0007Open: https://evil.example", notes: "a\u001bb\nc" })
      .where(eq(tasks.id, task.id));
    await db
      .update(subscriptions)
      .set({ name: "Gym\nCancelled\u000b" })
      .where(eq(subscriptions.id, renewal.id));
    const res = await fetchFeed((await alice.feed()).url);
    // eslint-disable-next-line no-control-regex -- the characters RFC 5545 TEXT may not hold
    expect(res.text.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    const summaries = calendarOf(res.text)
      .getAllSubcomponents("vevent")
      .map((vevent) => [
        vevent.getFirstPropertyValue("summary"),
        vevent.getFirstPropertyValue("description"),
      ]);
    expect(summaries.sort()).toEqual([
      ["Pay rent Open: https://evil.example", "ab\nc"],
      ["Renewal: Gym Cancelled ($15.99)", null],
    ]);
  });

  it("writes no five-digit year for what ends after 31 December 9999: such an event has no DTEND", async () => {
    const alice = await person();
    await alice.task({ title: "Far task", due_date: "9999-12-31T23:30:00Z" });
    await alice.task({ title: "Far day", due_date: "9999-12-31T00:00:00Z" });
    await alice.subscription({
      ...SUBSCRIPTION,
      next_renewal_date: "9999-12-31",
      frequency: "Yearly",
    });
    const near = await alice.task({ title: "Near day", due_date: "9999-12-30T00:00:00Z" });
    const res = await fetchFeed((await alice.feed()).url);
    expect(res.status).toBe(200);
    const dates = res.text.split("\r\n").filter((line) => /^DT(START|END)/.test(line));
    expect(dates.filter((line) => /\d{9}/.test(line))).toEqual([]);
    const ends = Object.fromEntries(
      calendarOf(res.text)
        .getAllSubcomponents("vevent")
        .map((vevent) => [
          String(vevent.getFirstPropertyValue("summary")),
          vevent.getFirstPropertyValue("dtend")?.toString() ?? null,
        ]),
    );
    // RFC 5545 3.6.1: an all-day event without DTEND lasts its day; a timed one ends as it starts.
    expect(ends).toEqual({
      "Far task": null,
      "Far day": null,
      "Renewal: Netflix ($15.99)": null,
      "Near day": "9999-12-31",
    });
    expect(near.due_date).toBe("9999-12-30T00:00:00Z");
  });

  it("writes a timed task at the person's wall-clock time in their zone, also after the clocks change", async () => {
    const bob = await person();
    const zoned = async (time_zone: string) => {
      const res = await call(t.app, "PATCH", "/users/me", {
        token: bob.token,
        body: { time_zone },
      });
      expect(res.status, res.text).toBe(200);
    };
    await zoned("America/New_York");
    // Mondays at 09:30 in New York, from the week before its clocks go forward (14 March 2027).
    const call9 = await bob.task({
      title: "Team call",
      due_date: "2027-03-01T09:30:00Z",
      frequency: "Weekly",
      priority: "Medium",
    });
    const url = (await bob.feed()).url;
    const res = await fetchFeed(url);
    expect(res.text).toContain("DTSTART;TZID=America/New_York:20270301T093000\r\n");
    expect(res.text).toContain("DTEND;TZID=America/New_York:20270301T100000\r\n");
    expect(res.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    // RFC 5545: every line ends in CRLF, the last one too.
    expect(res.text.endsWith("END:VCALENDAR\r\n")).toBe(true);

    // ical.js, given the calendar's own VTIMEZONE, puts each Monday at 09:30 New York time.
    const calendar = calendarOf(res.text);
    const vtimezone = calendar.getFirstSubcomponent("vtimezone");
    if (vtimezone === null) throw new Error("no VTIMEZONE in the calendar");
    expect(vtimezone.getFirstPropertyValue("tzid")).toBe("America/New_York");
    ICAL.TimezoneService.register(vtimezone);
    const vevent = calendar.getFirstSubcomponent("vevent");
    if (vevent === null) throw new Error("no VEVENT in the calendar");
    const occurrences = new ICAL.Event(vevent).iterator();
    const firstThree = [1, 2, 3].map(() => occurrences.next().toJSDate().toISOString());
    expect(firstThree).toEqual([
      "2027-03-01T14:30:00.000Z",
      "2027-03-08T14:30:00.000Z",
      "2027-03-15T13:30:00.000Z",
    ]);
    // node-ical, on its own, reads the same instant.
    const other = nodeIcal.sync.parseICS(res.text)[
      `task-${call9.id}@${new URL(TEST_API_URL).hostname}`
    ];
    if (other?.type !== "VEVENT") throw new Error("node-ical did not read the event");
    expect(other.start.toISOString()).toBe("2027-03-01T14:30:00.000Z");

    // The task's own .ics says the same; a new zone is a new feed, written in it.
    const ics = await get(t.app, `/tasks/${call9.id}/ics`, { token: bob.token });
    expect(ics.text).toContain("DTSTART;TZID=America/New_York:20270301T093000\r\n");
    expect(ics.text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n");
    await zoned("Europe/London");
    const moved = await fetchFeed(url, { "If-None-Match": res.headers.get("etag") ?? "" });
    expect(moved.status).toBe(200);
    expect(moved.text).toContain("DTSTART;TZID=Europe/London:20270301T093000\r\n");
    expect(moved.text).not.toContain("America/New_York");
  });

  it("writes a weekly task due in the hour the clocks skip at the time typed, for every week after", async () => {
    const bob = await person();
    const res = await call(t.app, "PATCH", "/users/me", {
      token: bob.token,
      body: { time_zone: "America/New_York" },
    });
    expect(res.status, res.text).toBe(200);
    // New York's clocks go from 02:00 to 03:00 on 14 March 2027.
    const task = await bob.task({
      title: "Water the plants",
      due_date: "2027-03-14T02:30:00Z",
      frequency: "Weekly",
      priority: "Medium",
    });
    const feed = await fetchFeed((await bob.feed()).url);
    expect(feed.text).toContain("DTSTART;TZID=America/New_York:20270314T023000\r\n");
    const ics = await get(t.app, `/tasks/${task.id}/ics`, { token: bob.token });
    expect(ics.text).toContain("DTSTART;TZID=America/New_York:20270314T023000\r\n");

    const calendar = calendarOf(feed.text);
    const vtimezone = calendar.getFirstSubcomponent("vtimezone");
    if (vtimezone === null) throw new Error("no VTIMEZONE in the calendar");
    ICAL.TimezoneService.register(vtimezone);
    const occurrences = firstEventOf(feed.text).iterator();
    occurrences.next(); // the day of the change, which the calendar app places (zoned-times.ts)
    // A week later and after: 02:30 EDT (UTC-4).
    expect([1, 2].map(() => occurrences.next().toJSDate().toISOString())).toEqual([
      "2027-03-21T06:30:00.000Z",
      "2027-03-28T06:30:00.000Z",
    ]);
  });

  it("ends a series with an end date on that day, in the form of its start (RFC 5545 3.3.10)", async () => {
    const carol = await person();
    const weekly = { frequency: "Weekly", priority: "Medium", repeat_until: "2099-01-20" };
    const timed = await carol.task({
      ...weekly,
      title: "Take the pills",
      due_date: "2099-01-06T23:30:00Z",
    });
    await carol.task({ ...weekly, title: "Water the lawn", due_date: "2099-01-06T00:00:00Z" });
    await carol.task({
      ...weekly,
      title: "Forever",
      due_date: "2099-01-06T09:00:00Z",
      repeat_until: null,
    });
    /** The events' RRULE lines, after the VTIMEZONE's own. */
    const rules = (text: string) =>
      text
        .slice(text.indexOf("BEGIN:VEVENT"))
        .split("\r\n")
        .filter((line) => line.startsWith("RRULE:"));
    const { url } = await carol.feed();
    // In UTC, the person's zone until they set one: the last second of the day, in UTC.
    expect(rules((await fetchFeed(url)).text).sort()).toEqual([
      "RRULE:FREQ=WEEKLY",
      "RRULE:FREQ=WEEKLY;UNTIL=20990120",
      "RRULE:FREQ=WEEKLY;UNTIL=20990120T235959Z",
    ]);
    const zoned = await call(t.app, "PATCH", "/users/me", {
      token: carol.token,
      body: { time_zone: "America/New_York" },
    });
    expect(zoned.status, zoned.text).toBe(200);
    // In New York, the last second of 20 January there: 04:59:59 UTC the next day.
    const feed = await fetchFeed(url);
    expect(rules(feed.text).sort()).toEqual([
      "RRULE:FREQ=WEEKLY",
      "RRULE:FREQ=WEEKLY;UNTIL=20990120",
      "RRULE:FREQ=WEEKLY;UNTIL=20990121T045959Z",
    ]);
    const ics = await get(t.app, `/tasks/${timed.id}/ics`, { token: carol.token });
    expect(rules(ics.text)).toEqual(["RRULE:FREQ=WEEKLY;UNTIL=20990121T045959Z"]);
    // ical.js shows the 6th, 13th and 20th at 23:30 New York time, and no later one.
    const occurrences = firstEventOf(ics.text).iterator();
    expect([1, 2, 3].map(() => occurrences.next().toJSDate().toISOString())).toEqual([
      "2099-01-07T04:30:00.000Z",
      "2099-01-14T04:30:00.000Z",
      "2099-01-21T04:30:00.000Z",
    ]);
    // ical.js 2.2 types next() as a time, but answers undefined once the series has ended.
    expect(occurrences.next() as ICAL.Time | undefined).toBeUndefined();
  });

  it("keeps an event's UID across edits, with a higher SEQUENCE and a new ETag", async () => {
    const alice = await person();
    const task = await alice.task({
      title: "Service the car",
      due_date: "2099-05-01T08:00:00Z",
      frequency: "Yearly",
      priority: "Low",
    });
    const { url } = await alice.feed();
    const before = await fetchFeed(url);
    const etag = before.headers.get("etag") ?? "";

    const unchanged = await fetchFeed(url, { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);

    const edit = await call(t.app, "PATCH", `/tasks/${task.id}`, {
      token: alice.token,
      body: { title: "Service the car (MOT)" },
    });
    expect(edit.status).toBe(200);
    const after = await fetchFeed(url, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const [was, is] = [firstEventOf(before.text), firstEventOf(after.text)];
    expect(is.uid).toBe(was.uid);
    expect(is.summary).toBe("Service the car (MOT)");
    expect(is.sequence).toBeGreaterThan(was.sequence);
  });

  it("answers 404 to a token it does not know, a malformed one, or one past its rotation", async () => {
    const alice = await person();
    await alice.task({
      title: "Alice's secret appointment",
      due_date: "2099-05-01T08:00:00Z",
      frequency: "Once",
      priority: "Low",
    });
    const old = await alice.feed();
    const paths = [
      `/calendar/${"A".repeat(43)}.ics`,
      "/calendar/short.ics",
      `/calendar/${"A".repeat(44)}.ics`,
      `/calendar/${"A".repeat(5000)}.ics`,
      "/calendar/%00%2F..%2F.ics",
      `${new URL(old.url).pathname.slice(0, -5)}x.ics`,
    ];
    for (const path of paths) {
      const res = await get(t.app, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Calendar feed not found" });
    }

    const rotated = await post(t.app, "/calendar/feed/rotate", { token: alice.token });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = CalendarFeedSchema.parse(rotated.body);
    expect(fresh.url).toMatch(FEED_URL);
    expect(fresh.url).not.toBe(old.url);
    expect(fresh.connected).toBe(false);
    expect((await fetchFeed(old.url)).status).toBe(404);
    const now = await fetchFeed(fresh.url);
    expect(now.status).toBe(200);
    expect(now.text).toContain("SUMMARY:Alice's secret appointment");
    expect((await alice.feed()).url).toBe(fresh.url);
  });

  it("never writes the token to the request log", async () => {
    const alice = await person();
    const { url } = await alice.feed();
    const token = /\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? "";
    expect((await fetchFeed(url)).status).toBe(200);
    expect(t.logs.text()).not.toContain(token);
    expect(
      t.logs.lines().some((line) => line.path === "/calendar/{token}.ics" && line.status === 200),
    ).toBe(true);
  });
});

describe("GET /tasks/{task_id}/ics", () => {
  it("downloads the task as the feed's event, named after the task", async () => {
    const alice = await person();
    const task = await alice.task({
      title: "Renew passport: Ana & Bob",
      due_date: "2099-03-01T09:30:00Z",
      frequency: "Once",
      priority: "High",
    });
    const res = await get(t.app, `/tasks/${task.id}/ics`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"renew-passport-ana-bob.ics\"; filename*=UTF-8''renew-passport-ana-bob.ics",
    );
    const event = new ICAL.Event(calendarOf(res.text).getFirstSubcomponent("vevent") ?? undefined);
    expect(event.uid).toBe(`task-${task.id}@${new URL(TEST_API_URL).hostname}`);
    expect(event.startDate.toString()).toBe("2099-03-01T09:30:00Z");
  });

  it("downloads a series that has ended from its first date to its end, where it has none left", async () => {
    const alice = await person();
    const task = await alice.task({
      title: "Take the antibiotics",
      due_date: "2099-03-01T08:00:00Z",
      frequency: "Daily",
      priority: "High",
      repeat_until: "2099-03-03",
    });
    for (const due of ["2099-03-01", "2099-03-02", "2099-03-03"]) {
      const done = await post(t.app, `/tasks/${task.id}/complete`, {
        token: alice.token,
        body: { due_date: `${due}T08:00:00Z` },
      });
      expect(done.status, done.text).toBe(200);
    }
    const res = await get(t.app, `/tasks/${task.id}/ics`, { token: alice.token });
    const event = firstEventOf(res.text);
    expect(event.startDate.toString()).toBe("2099-03-01T08:00:00Z");
    const occurrences = event.iterator();
    // ical.js answers undefined once the series has ended, whatever its types say.
    const dates = [1, 2, 3, 4].map(() => occurrences.next() as ICAL.Time | undefined);
    expect(dates.map((date) => date?.toJSDate().toISOString())).toEqual([
      "2099-03-01T08:00:00.000Z",
      "2099-03-02T08:00:00.000Z",
      "2099-03-03T08:00:00.000Z",
      undefined,
    ]);
  });

  it("answers 404 for another person's task or none, and 422 for an id that is not one", async () => {
    const alice = await person();
    const bob = await person();
    const task = await alice.task({
      title: "Alice's",
      due_date: "2099-03-01T09:30:00Z",
      frequency: "Once",
      priority: "High",
    });
    expect((await get(t.app, `/tasks/${task.id}/ics`, { token: bob.token })).status).toBe(404);
    expect((await get(t.app, "/tasks/2147483648/ics", { token: alice.token })).status).toBe(404);
    expect((await get(t.app, "/tasks/abc/ics", { token: alice.token })).status).toBe(422);
    expect((await get(t.app, `/tasks/${task.id}/ics`)).status).toBe(401);
  });
});

describe("icsFileName", () => {
  it("keeps the title's letters, in any script, and digits, and never answers an empty name", () => {
    expect(icsFileName("Pay council tax (March)")).toBe("pay-council-tax-march.ics");
    expect(icsFileName("Café à Paris")).toBe("café-à-paris.ics");
    expect(icsFileName("Caf\u0065\u0301 à Paris")).toBe("café-à-paris.ics");
    expect(icsFileName("年金の手続き")).toBe("年金の手続き.ics");
    expect(icsFileName("Ölwechsel 🚗")).toBe("ölwechsel.ics");
    expect(icsFileName("🎉🎉")).toBe("task.ics");
    expect(icsFileName("Renew passport & ID card!")).toBe("renew-passport-id-card.ics");
    expect(icsFileName("Café  crème 2027")).toBe("café-crème-2027.ics");
    expect(icsFileName("!!!")).toBe("task.ics");
  });

  it("shortens a long title between characters, never between a letter and its accent", () => {
    const name = icsFileName(`${"x".repeat(59)}q\u0301 and more`);
    expect(name).toBe(`${"x".repeat(59)}.ics`);
  });
});
