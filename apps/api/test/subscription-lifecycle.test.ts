// Issue 18: a subscription read, edited, paused, resumed and deleted, its renewals rolling forward
// by themselves, and the totals (decisions D10, D4), as a caller notices them. The API's clock is
// the test's: "today" moves when the test says so.
import {
  type SubscriptionWithSharing,
  SubscriptionWithSharingSchema,
} from "@life-admin/domain/household";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, get, post } from "./support/http.js";
import { type TestApp, createTestApp, signInAs } from "./support/test-app.js";

let clock = new Date("2026-03-10T12:00:00Z");
const now = () => clock;

// Two API processes on one database, each keeping its own list answers (list-cache.ts).
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await createTestApp({ now });
  two = await createTestApp({ database: one.deps.database, keys: one.keys, now });
});
afterAll(async () => {
  await one.close();
});

const netflix = {
  name: "Netflix",
  next_renewal_date: "2026-03-20",
  cost: 10.99,
  frequency: "Monthly",
  priority: "Medium",
  cancel_link: "https://www.netflix.com/cancelplan",
  remind_days_before: 3,
};

/** Moves the API's clock to `iso` (the sign-ins made before it may have ended: sign in again). */
function setClock(iso: string) {
  clock = new Date(iso);
}

async function user() {
  const { user: row } = await signInAs(one.deps);
  // A fresh access token at each call: the clock may have moved past the last one's hour.
  const token = async () =>
    (await signInAs(one.deps, { subject: row.subject })).tokens.access_token;
  return {
    async create(body: object = netflix): Promise<SubscriptionWithSharing> {
      const res = await post(one.app, "/subscriptions/", { token: await token(), body });
      expect(res.status, res.text).toBe(201);
      return SubscriptionWithSharingSchema.parse(res.body);
    },
    read: async (id: number | string) =>
      get(one.app, `/subscriptions/${id}`, { token: await token() }),
    edit: async (id: number | string, body: unknown) =>
      call(one.app, "PATCH", `/subscriptions/${id}`, { token: await token(), body }),
    remove: async (id: number | string) =>
      call(one.app, "DELETE", `/subscriptions/${id}`, { token: await token() }),
    totals: async () => get(one.app, "/subscriptions/totals", { token: await token() }),
    async list(app: TestApp = one, query = ""): Promise<SubscriptionWithSharing[]> {
      const res = await get(app.app, `/subscriptions/${query}`, { token: await token() });
      expect(res.status).toBe(200);
      return res.body as SubscriptionWithSharing[];
    },
  };
}

const datesOf = (list: SubscriptionWithSharing[]) => list.map((s) => s.next_renewal_date);

describe("POST /subscriptions/ (decisions D10)", () => {
  it("is active unless sent paused", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    expect((await alice.create()).active).toBe(true);
    expect((await alice.create({ ...netflix, active: false })).active).toBe(false);
  });

  it("answers a renewal date that has passed with the next one, counted from the date entered", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    const lastMonth = await alice.create({ ...netflix, next_renewal_date: "2026-02-10" });
    expect(lastMonth.next_renewal_date).toBe("2026-03-10"); // today is not before today
    const monthEnd = await alice.create({ ...netflix, next_renewal_date: "2025-12-31" });
    expect(monthEnd.next_renewal_date).toBe("2026-03-31");
    const weekly = await alice.create({
      ...netflix,
      frequency: "Weekly",
      next_renewal_date: "2026-03-01",
    });
    expect(weekly.next_renewal_date).toBe("2026-03-15");
    const yearly = await alice.create({
      ...netflix,
      frequency: "Yearly",
      next_renewal_date: "2024-02-29",
    });
    expect(yearly.next_renewal_date).toBe("2027-02-28");
    expect(await alice.list()).toEqual([lastMonth, weekly, monthEnd, yearly]);
  });

  it("keeps a paused subscription's date as entered, passed or not", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    const paused = await alice.create({
      ...netflix,
      next_renewal_date: "2026-02-10",
      active: false,
    });
    expect(paused.next_renewal_date).toBe("2026-02-10");
    expect(await alice.list()).toEqual([paused]);
    expect((await alice.read(paused.id)).body).toEqual(paused);
  });
});

describe("renewals advance by themselves", () => {
  it("when the day changes, a kept list answer is not sent again with a passed date, by any process", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    const active = await alice.create({ ...netflix, next_renewal_date: "2026-03-11" });
    const paused = await alice.create({
      ...netflix,
      name: "Paused",
      next_renewal_date: "2026-03-11",
      active: false,
    });
    // Both processes keep today's answer; nothing is written after this (signing in is no write
    // to the lists).
    for (const app of [one, two]) {
      expect(datesOf(await alice.list(app))).toEqual(["2026-03-11", "2026-03-11"]);
      expect(datesOf(await alice.list(app, "?frequency=Monthly"))).toEqual([
        "2026-03-11",
        "2026-03-11",
      ]);
    }

    setClock("2026-03-12T00:00:00Z");
    for (const app of [two, one]) {
      const list = await alice.list(app);
      expect(list).toEqual([
        { ...paused, next_renewal_date: "2026-03-11" },
        { ...active, next_renewal_date: "2026-04-11" },
      ]);
      expect(await alice.list(app, "?frequency=Monthly")).toEqual(list);
    }
    expect((await alice.read(active.id)).body).toEqual({
      ...active,
      next_renewal_date: "2026-04-11",
    });
    expect((await alice.read(paused.id)).body).toEqual(paused);
  });

  it("rolls from the date entered, never from the last renewal: 31 January goes on to 28 February, 31 March, 30 April", async () => {
    setClock("2026-01-15T12:00:00Z");
    const alice = await user();
    const { id } = await alice.create({ ...netflix, next_renewal_date: "2026-01-31" });
    const seen: string[] = [];
    for (const day of ["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"]) {
      setClock(`${day}T08:00:00Z`);
      const shown = (await alice.read(id)).body as SubscriptionWithSharing;
      seen.push(datesOf(await alice.list()).join(), shown.next_renewal_date);
    }
    expect(seen).toEqual([
      "2026-02-28",
      "2026-02-28",
      "2026-03-31",
      "2026-03-31",
      "2026-04-30",
      "2026-04-30",
      "2026-05-31",
      "2026-05-31",
    ]);
  });
});

describe("GET /subscriptions/{subscription_id}", () => {
  it("answers the subscription exactly as it was answered on create", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    const created = await alice.create();
    const read = await alice.read(created.id);
    expect(read.status).toBe(200);
    expect(read.text).toBe(JSON.stringify(created));
  });

  it("answers 404 'Subscription not found' for an unknown id and for another user's", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    for (const id of [bobs.id, bobs.id + 1000, 2_147_483_648]) {
      const res = await alice.read(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Subscription not found" });
    }
  });

  it.each(["0", "-3", "abc", "2.5", "1e2", "007"])(
    "answers 422 located in the path for the id %j",
    async (id) => {
      const alice = await user();
      for (const res of [await alice.read(id), await alice.edit(id, {}), await alice.remove(id)]) {
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ detail: [{ loc: ["path", "subscription_id"] }] });
      }
    },
  );
});

describe("PATCH /subscriptions/{subscription_id}", () => {
  it("changes each field sent, by the create's rules, and nothing else", async () => {
    setClock("2026-03-10T12:00:00Z");
    const alice = await user();
    const created = await alice.create();
    const edit = {
      name: " Netflix Premium ",
      next_renewal_date: "2026-04-02",
      cost: 17.99,
      frequency: "Yearly",
      priority: "High",
      cancel_link: null,
      remind_days_before: 14,
    };
    const res = await alice.edit(created.id, edit);
    expect(res.status).toBe(200);
    // A new date restarts the renewals from it (decisions D9, D10).
    expect(res.body).toEqual({
      ...created,
      ...edit,
      name: "Netflix Premium",
      repeats_from: "2026-04-02",
    });
    expect(await alice.list()).toEqual([res.body]);
  });

  it("answers an empty body with the subscription unchanged", async () => {
    const alice = await user();
    const created = await alice.create();
    const res = await alice.edit(created.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it("refuses what a create refuses, with 422 naming the field, and changes nothing", async () => {
    const alice = await user();
    const created = await alice.create();
    for (const [field, value] of [
      ["name", ""],
      ["cost", -1],
      ["cost", 1.001],
      ["next_renewal_date", "2026-02-30"],
      ["frequency", "Once"],
      ["cancel_link", "javascript:alert(1)"],
      ["remind_days_before", 366],
      ["active", "yes"],
    ] as const) {
      const res = await alice.edit(created.id, { [field]: value });
      expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(422);
      expect(res.body).toMatchObject({ detail: [{ loc: ["body", field] }] });
    }
    expect(await alice.list()).toEqual([created]);
  });

  it("pauses keeping the date shown, and resumes rolling forward from the date entered", async () => {
    setClock("2026-01-20T12:00:00Z");
    const alice = await user();
    const created = await alice.create({ ...netflix, next_renewal_date: "2026-01-31" });
    const paused = await alice.edit(created.id, { active: false });
    expect(paused.body).toEqual({ ...created, active: false });
    setClock("2026-03-05T12:00:00Z");
    expect(datesOf(await alice.list())).toEqual(["2026-01-31"]);
    const resumed = await alice.edit(created.id, { active: true });
    expect(resumed.body).toEqual({ ...created, next_renewal_date: "2026-03-31" });
  });

  it("starts again from a new date or frequency, and keeps the anchor when the same ones are sent again", async () => {
    setClock("2026-02-10T12:00:00Z");
    const alice = await user();
    const created = await alice.create({ ...netflix, next_renewal_date: "2026-01-31" });
    expect(created.next_renewal_date).toBe("2026-02-28");
    // An edit form sends every field: the date shown and the frequency, unchanged.
    await alice.edit(created.id, { ...created, name: "Netflix Basic" });
    setClock("2026-03-01T12:00:00Z");
    expect(datesOf(await alice.list())).toEqual(["2026-03-31"]);

    const moved = await alice.edit(created.id, { next_renewal_date: "2026-02-15" });
    expect((moved.body as SubscriptionWithSharing).next_renewal_date).toBe("2026-03-15");
    const weekly = await alice.edit(created.id, { frequency: "Weekly" });
    expect((weekly.body as SubscriptionWithSharing).next_renewal_date).toBe("2026-03-15");
    setClock("2026-03-16T12:00:00Z");
    expect(datesOf(await alice.list())).toEqual(["2026-03-22"]);
  });

  it("answers 404 for another user's subscription and leaves it as it was", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    const res = await alice.edit(bobs.id, { name: "Mine now", active: false });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Subscription not found" });
    expect(await bob.list()).toEqual([bobs]);
  });
});

describe("DELETE /subscriptions/{subscription_id}", () => {
  it("answers 204 with no body, and the subscription is gone", async () => {
    const alice = await user();
    const created = await alice.create();
    const res = await alice.remove(created.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await alice.read(created.id)).status).toBe(404);
    expect((await alice.remove(created.id)).status).toBe(404);
    expect(await alice.list()).toEqual([]);
  });

  it("answers 404 for another user's subscription and deletes nothing", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    expect((await alice.remove(bobs.id)).status).toBe(404);
    expect(await bob.list()).toEqual([bobs]);
  });
});

describe("GET /subscriptions/totals", () => {
  it("sums the active subscriptions exactly, per month and per year, in the currency's units", async () => {
    const alice = await user();
    const bob = await user();
    await alice.create({ ...netflix, cost: 1, frequency: "Daily" }); // 365 a year, 30.42 a month
    await alice.create({ ...netflix, cost: 12, frequency: "Weekly" }); // 624, 52
    await alice.create({ ...netflix, cost: 120, frequency: "Yearly" }); // 120, 10
    for (let i = 0; i < 10; i += 1) await alice.create({ ...netflix, cost: 0.1 }); // 12, 1
    await alice.create({ ...netflix, cost: 999, active: false });
    await bob.create({ ...netflix, cost: 500 });
    const res = await alice.totals();
    expect(res.status).toBe(200);
    // 365 + 624 + 120 + 12 = 1121 a year; 112,100 cents / 12 = 9341.67 cents a month.
    expect(res.text).toBe('{"monthly":93.42,"yearly":1121,"active_count":13}');
  });

  it("leaves out a paused subscription and counts it again once resumed", async () => {
    const alice = await user();
    const { id } = await alice.create({ ...netflix, cost: 9.99 });
    expect((await alice.totals()).body).toEqual({ monthly: 9.99, yearly: 119.88, active_count: 1 });
    await alice.edit(id, { active: false });
    expect((await alice.totals()).body).toEqual({ monthly: 0, yearly: 0, active_count: 0 });
    await alice.edit(id, { active: true });
    expect((await alice.totals()).body).toEqual({ monthly: 9.99, yearly: 119.88, active_count: 1 });
  });

  it("is the totals, never a subscription read by the id 'totals'", async () => {
    const alice = await user();
    expect((await alice.totals()).body).toEqual({ monthly: 0, yearly: 0, active_count: 0 });
    expect((await alice.edit("totals", {})).status).toBe(422);
  });

  it("needs a signed-in user", async () => {
    expect((await get(one.app, "/subscriptions/totals")).status).toBe(401);
  });
});
