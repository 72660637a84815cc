// Issue 20: the bell's reminders as a caller notices them: worked out from the records at each
// request, on the person's days (PATCH /users/me's time_zone), read marks kept per occurrence,
// gone when the task is done or the subscription paused, never another person's.
import { NotificationSchema, UserSchema } from "@life-admin/domain";
import { gunzipSync } from "node:zlib";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { call, get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

let clock = new Date("2026-12-07T09:00:00Z");
const t = useTestApp({ now: () => clock });

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  const token = tokens.access_token;
  return {
    id: user.id,
    token,
    async bell() {
      const res = await get(t.app, "/notifications/", { token });
      expect(res.status, res.text).toBe(200);
      return z.array(NotificationSchema).parse(res.body);
    },
    async create(path: string, body: object): Promise<number> {
      const res = await post(t.app, path, { token, body });
      expect(res.status, res.text).toBe(201);
      return (res.body as { id: number }).id;
    },
    read: (body: unknown) => post(t.app, "/notifications/read", { token, body }),
  };
}

const NETFLIX = {
  name: "Netflix",
  cost: 15.99,
  frequency: "Monthly",
  next_renewal_date: "2026-12-14",
  remind_days_before: 7,
  priority: "Medium",
};

describe("PATCH /users/me", () => {
  it("keeps the person's time zone, UTC until one is sent", async () => {
    const alice = await person();
    const me = await get(t.app, "/users/me", { token: alice.token });
    expect(UserSchema.parse(me.body).time_zone).toBe("UTC");
    const res = await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "America/New_York" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: alice.id, time_zone: "America/New_York" });
    expect((await get(t.app, "/users/me", { token: alice.token })).body).toMatchObject({
      time_zone: "America/New_York",
    });
  });

  it("refuses a zone the server does not know with a 422 naming the field", async () => {
    const alice = await person();
    const res = await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "Mars/Olympus" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [
        {
          loc: ["body", "time_zone"],
          msg: 'Use an IANA time zone name, such as "Europe/London"',
          type: "value_error",
        },
      ],
    });
  });
});

describe("GET /notifications/", () => {
  it("lists a renewal inside its window and a task due today, newest first (then by id), unread", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const alice = await person();
    const netflix = await alice.create("/subscriptions/", NETFLIX);
    await alice.create("/subscriptions/", {
      ...NETFLIX,
      name: "Gym",
      next_renewal_date: "2026-12-20",
    });
    const tax = await alice.create("/tasks/", {
      title: "Pay council tax",
      due_date: "2026-12-07T17:00:00Z",
      frequency: "Once",
      priority: "High",
    });
    await alice.create("/tasks/", {
      title: "Later",
      due_date: "2026-12-08T09:00:00Z",
      frequency: "Once",
      priority: "Low",
    });
    expect(await alice.bell()).toEqual([
      {
        id: `renewal:${netflix}:2026-12-14`,
        kind: "renewal",
        title: "Netflix",
        at: "2026-12-07T00:00:00Z",
        due: "2026-12-14",
        read: false,
        subscription_id: netflix,
      },
      {
        id: `task_due:${tax}:2026-12-07T17:00:00.000Z`,
        kind: "task_due",
        title: "Pay council tax",
        at: "2026-12-07T00:00:00Z",
        due: "2026-12-07T17:00:00Z",
        read: false,
        task_id: tax,
      },
    ]);
  });

  it("is gzipped for a browser once long, the same reminders; as it is for a client without gzip", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const alice = await person();
    for (let n = 0; n < 12; n += 1) {
      await alice.create("/subscriptions/", { ...NETFLIX, name: `Streaming service ${n}` });
    }
    const plain = await alice.bell();
    expect(plain).toHaveLength(12);
    const ask = (acceptEncoding: string) =>
      t.app.request("/notifications/", {
        headers: { Authorization: `Bearer ${alice.token}`, "Accept-Encoding": acceptEncoding },
      });
    const zipped = await ask("gzip, deflate, br, zstd");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(plain);
    const asItIs = await ask("identity");
    expect(asItIs.headers.get("content-encoding")).toBeNull();
    expect(await asItIs.json()).toEqual(plain);
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(plain).length / 3);
  });

  it("follows the person's day: a New Yorker's 6 December evening has no 7 December reminders", async () => {
    clock = new Date("2026-12-07T01:00:00Z");
    const alice = await person();
    await alice.create("/subscriptions/", NETFLIX);
    expect(await alice.bell()).toHaveLength(1);
    await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "America/New_York" },
    });
    expect(await alice.bell()).toEqual([]);
  });

  it("says a task left without a time is due all its day on the person's clock, overdue once it has ended", async () => {
    // 7 December, 23:59 in Los Angeles: 8 December 07:59 on UTC's clock.
    clock = new Date("2026-12-08T07:59:00Z");
    const alice = await person();
    await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "America/Los_Angeles" },
    });
    const photos = await alice.create("/tasks/", {
      title: "Passport photos",
      due_date: "2026-12-07T00:00:00Z",
      frequency: "Once",
      priority: "Medium",
    });
    const due = { title: "Passport photos", due: "2026-12-07T00:00:00Z", task_id: photos };
    expect(await alice.bell()).toEqual([
      {
        ...due,
        id: `task_due:${photos}:2026-12-07T00:00:00.000Z`,
        kind: "task_due",
        at: "2026-12-07T00:00:00Z",
        read: false,
      },
    ]);
    clock = new Date("2026-12-08T08:00:00Z");
    expect(await alice.bell()).toEqual([
      {
        ...due,
        id: `task_overdue:${photos}:2026-12-07T00:00:00.000Z`,
        kind: "task_overdue",
        at: "2026-12-08T00:00:00Z",
        read: false,
      },
    ]);
  });

  it("keeps a renewal due today on a New Yorker's clock once UTC's next day has begun", async () => {
    // 14 December, 21:00 in New York: already the 15th on UTC's clock. The monthly renewal of the
    // 14th is today's for them (decisions D10), in their list as in their bell.
    clock = new Date("2026-12-15T02:00:00Z");
    const alice = await person();
    await call(t.app, "PATCH", "/users/me", {
      token: alice.token,
      body: { time_zone: "America/New_York" },
    });
    const netflix = await alice.create("/subscriptions/", {
      ...NETFLIX,
      next_renewal_date: "2026-11-14",
    });
    const list = await get(t.app, "/subscriptions/", { token: alice.token });
    expect(list.body).toMatchObject([{ id: netflix, next_renewal_date: "2026-12-14" }]);
    expect(await alice.bell()).toMatchObject([
      { id: `renewal:${netflix}:2026-12-14`, due: "2026-12-14", at: "2026-12-07T00:00:00Z" },
    ]);
  });

  it("drops a task's reminder when it is done and a renewal's when it is paused", async () => {
    clock = new Date("2026-12-07T18:00:00Z");
    const alice = await person();
    const sub = await alice.create("/subscriptions/", NETFLIX);
    const task = await alice.create("/tasks/", {
      title: "Pay council tax",
      due_date: "2026-12-07T17:00:00Z",
      frequency: "Once",
      priority: "High",
    });
    expect((await alice.bell()).map((n) => n.kind).sort()).toEqual(["renewal", "task_overdue"]);
    await post(t.app, `/tasks/${task}/complete`, { token: alice.token });
    await call(t.app, "PATCH", `/subscriptions/${sub}`, {
      token: alice.token,
      body: { active: false },
    });
    expect(await alice.bell()).toEqual([]);
  });

  it("never shows another person's reminders", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const alice = await person();
    const bob = await person();
    await alice.create("/subscriptions/", NETFLIX);
    expect(await bob.bell()).toEqual([]);
    expect((await get(t.app, "/notifications/")).status).toBe(401);
  });
});

describe("POST /notifications/read", () => {
  it("marks one occurrence read, keeps it read, and the next occurrence comes unread", async () => {
    clock = new Date("2026-12-08T09:00:00Z");
    const alice = await person();
    const sub = await alice.create("/subscriptions/", NETFLIX);
    const [reminder] = await alice.bell();
    expect((await alice.read({ ids: [reminder?.id, "renewal:999:2026-12-14"] })).status).toBe(204);
    expect(await alice.bell()).toMatchObject([{ id: `renewal:${sub}:2026-12-14`, read: true }]);

    // A month on (signed in again), January's renewal is another reminder, not yet read.
    clock = new Date("2027-01-08T09:00:00Z");
    const tokens = await t.deps.tokens.issueSignIn(alice.id);
    const bell = await get(t.app, "/notifications/", { token: tokens.access_token });
    expect(bell.body).toMatchObject([{ id: `renewal:${sub}:2027-01-14`, read: false }]);
  });

  it("marks every current reminder read with {all: true}, only the person's", async () => {
    clock = new Date("2026-12-08T09:00:00Z");
    const alice = await person();
    const bob = await person();
    await alice.create("/subscriptions/", NETFLIX);
    await alice.create("/tasks/", {
      title: "Call the bank",
      due_date: "2026-12-08T08:00:00Z",
      frequency: "Once",
      priority: "Low",
    });
    await bob.create("/subscriptions/", NETFLIX);
    expect((await alice.read({ all: true })).status).toBe(204);
    expect((await alice.bell()).every((n) => n.read)).toBe(true);
    expect((await bob.bell()).every((n) => !n.read)).toBe(true);
  });

  it("refuses a body that names nothing, or too much, with a 422", async () => {
    const alice = await person();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: Array(1001).fill("x") }]) {
      const res = await alice.read(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
  });
});
