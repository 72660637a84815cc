// decisions D10: a subscription's next renewal is never before the person's today, in their time
// zone (domain renewalDay), on either side of UTC. Sunday 29 November 2026, 20:00 UTC is already
// Monday 30 November in Kiritimati (UTC+14): a monthly renewal of the 29th is behind a person
// there, as their bell and agenda already have it. At 02:00 UTC on the 30th it is still the 29th's
// evening in Los Angeles: the renewal of the 29th is today's there, in every answer. A household
// member ahead of another may roll a shared one past a renewal that is still today for the other:
// every answer to the other (lists in both views, bell, feed) still says today's (rolled_on).
import { NotificationSchema } from "@life-admin/domain";
import * as z from "zod/mini";
import { beforeEach, describe, expect, it } from "vitest";
import { call, get, post } from "./support/http.js";
import { type Person, as, makeHousehold, newPerson } from "./support/households.js";
import { useTestApp } from "./support/test-app.js";

const SUNDAY_EVENING_UTC = new Date("2026-11-29T20:00:00Z");
let clock = SUNDAY_EVENING_UTC;
const t = useTestApp({ now: () => clock });

beforeEach(() => {
  clock = SUNDAY_EVENING_UTC;
});

async function inZone(who: Person, time_zone: string) {
  const answer = await call(t.app, "PATCH", "/users/me", { ...as(who), body: { time_zone } });
  expect(answer.status, answer.text).toBe(200);
}

async function monthlyFrom29October(who: Person, sharing: object = {}) {
  const answer = await post(t.app, "/subscriptions/", {
    ...as(who),
    body: {
      name: "Gym",
      cost: 30,
      frequency: "Monthly",
      next_renewal_date: "2026-10-29",
      remind_days_before: 3,
      ...sharing,
    },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: number; next_renewal_date: string };
}

const renewalsOf = async (who: Person, query = "") =>
  (
    (await get(t.app, `/subscriptions/${query}`, as(who))).body as { next_renewal_date: string }[]
  ).map((subscription) => subscription.next_renewal_date);

async function bellOf(who: Person) {
  const answer = await get(t.app, "/notifications/", as(who));
  expect(answer.status, answer.text).toBe(200);
  return z
    .array(NotificationSchema)
    .parse(answer.body)
    .map((reminder) => reminder.id);
}

describe("the renewal day (decisions D10)", () => {
  it("answers the next renewal after the person's own today where it is ahead of UTC's", async () => {
    const kiri = await newPerson(t, "Teuea");
    await inZone(kiri, "Pacific/Kiritimati");
    const created = await monthlyFrom29October(kiri);
    expect(created.next_renewal_date).toBe("2026-12-29");
    expect(await renewalsOf(kiri)).toEqual(["2026-12-29"]);
    const read = await get(t.app, `/subscriptions/${created.id}`, as(kiri));
    expect((read.body as { next_renewal_date: string }).next_renewal_date).toBe("2026-12-29");
    expect(await bellOf(kiri)).toEqual([]);

    // In London it is still the 29th: today's renewal, in its window.
    const london = await newPerson(t, "Ada");
    await inZone(london, "Europe/London");
    const theirs = await monthlyFrom29October(london);
    expect(await renewalsOf(london)).toEqual(["2026-11-29"]);
    expect(await bellOf(london)).toEqual([`renewal:${theirs.id}:2026-11-29`]);
  });

  it("answers today's renewal on a Los Angeles evening, after UTC's midnight, in the lists, the bell and the feed", async () => {
    // 18:00 on Sunday the 29th in Los Angeles; Monday the 30th on UTC's clock.
    clock = new Date("2026-11-30T02:00:00Z");
    const la = await newPerson(t, "Rosa");
    await inZone(la, "America/Los_Angeles");
    const created = await monthlyFrom29October(la);
    expect(created.next_renewal_date).toBe("2026-11-29");
    expect(await renewalsOf(la)).toEqual(["2026-11-29"]);
    const read = await get(t.app, `/subscriptions/${created.id}`, as(la));
    expect((read.body as { next_renewal_date: string }).next_renewal_date).toBe("2026-11-29");
    expect(await bellOf(la)).toEqual([`renewal:${created.id}:2026-11-29`]);
    const feed = await get(t.app, "/calendar/feed", as(la));
    const ics = await get(t.app, new URL((feed.body as { url: string }).url).pathname);
    expect(ics.text).toContain("\r\nDTSTART;VALUE=DATE:20261129\r\n");
  });

  it("keeps a renewal in the bell of a member whose today it still is, after one further east rolled it", async () => {
    const owner = await newPerson(t, "Ada");
    const east = await newPerson(t, "Teuea");
    await makeHousehold(t, owner, [east]);
    await inZone(east, "Pacific/Kiritimati");
    const gym = await monthlyFrom29October(owner, { shared: true });
    // Her Family view rolls it on her Monday.
    expect(await renewalsOf(east, "?view=family")).toEqual(["2026-12-29"]);
    expect(await bellOf(owner)).toEqual([`renewal:${gym.id}:2026-11-29`]);
  });

  it("answers a shared renewal by each member's own today in the lists, after one further east rolled it", async () => {
    const owner = await newPerson(t, "Ada");
    const east = await newPerson(t, "Teuea");
    await makeHousehold(t, owner, [east]);
    await inZone(owner, "Europe/London");
    await inZone(east, "Pacific/Kiritimati");
    await monthlyFrom29October(owner, { shared: true });
    // Her Monday's list stores the roll to December...
    expect(await renewalsOf(east, "?view=family")).toEqual(["2026-12-29"]);
    // ...which does not take the owner's Sunday renewal out of his lists or his calendar.
    expect(await renewalsOf(owner)).toEqual(["2026-11-29"]);
    expect(await renewalsOf(owner, "?view=family")).toEqual(["2026-11-29"]);
    const feed = await get(t.app, "/calendar/feed", as(owner));
    const ics = await get(t.app, new URL((feed.body as { url: string }).url).pathname);
    expect(ics.text).toContain("\r\nDTSTART;VALUE=DATE:20261129\r\n");
    expect(await renewalsOf(east, "?view=family")).toEqual(["2026-12-29"]);
  });

  it("answers a renewal assigned to a member west of its owner by the member's today", async () => {
    const owner = await newPerson(t, "Teuea");
    const west = await newPerson(t, "Ada");
    await makeHousehold(t, owner, [west]);
    await inZone(owner, "Pacific/Kiritimati");
    await inZone(west, "Europe/London");
    await monthlyFrom29October(owner, { shared: true, assignee_id: west.id });
    expect(await renewalsOf(owner)).toEqual(["2026-12-29"]);
    expect(await renewalsOf(west)).toEqual(["2026-11-29"]);
  });

  it("sorts a member's list by the renewals as that member's today has them", async () => {
    const owner = await newPerson(t, "Ada");
    const east = await newPerson(t, "Teuea");
    await makeHousehold(t, owner, [east]);
    await inZone(owner, "Europe/London");
    await inZone(east, "Pacific/Kiritimati");
    await monthlyFrom29October(owner, { shared: true });
    const later = await post(t.app, "/subscriptions/", {
      ...as(owner),
      body: {
        name: "Film club",
        cost: 5,
        frequency: "Monthly",
        next_renewal_date: "2026-12-10",
        remind_days_before: 3,
        shared: true,
      },
    });
    expect(later.status, later.text).toBe(201);
    expect(await renewalsOf(east, "?view=family")).toEqual(["2026-12-10", "2026-12-29"]);
    expect(await renewalsOf(owner, "?view=family")).toEqual(["2026-11-29", "2026-12-10"]);
  });
});
