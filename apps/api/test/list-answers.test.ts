// issue 7: list answers are kept per user and revision (src/http/list-cache.ts). What a caller must
// never notice: a list that misses a write, whoever made it (this process, another API process on
// the same database, or plain SQL), or one user's list reaching another.
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { type Subscription, type Task } from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "./support/test-loopback.js";
import { users } from "../src/db/schema.js";
import { get, post } from "./support/http.js";
import { TEST_WEB_ORIGIN, createTestApp, signInAs, type TestApp } from "./support/test-app.js";

const task = (title: string) => ({ title, due_date: "2026-12-01T09:00:00Z" });
const subscription = (name: string, frequency: string) => ({
  name,
  cost: 9.99,
  frequency,
  next_renewal_date: "2026-12-15",
  remind_days_before: 3,
  priority: "Medium",
});

// Two API processes on one database, as in production behind a load balancer: each keeps its
// own answers (two sets of deps), and they share the database and the signing key.
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({ database: one.deps.database, keys: one.keys });
});
afterAll(async () => {
  await one.close();
});

async function taskTitles(app: TestApp, token: string): Promise<string[]> {
  const res = await get(app.app, "/tasks/", { token });
  expect(res.status).toBe(200);
  return (res.body as Task[]).map((t) => t.title);
}

describe("a kept list answer", () => {
  it("is the same answer, byte for byte, as the first", async () => {
    const { tokens } = await signInAs(one.deps);
    const token = tokens.access_token;
    await post(one.app, "/tasks/", { token, body: task("Renew passport") });
    const first = await get(one.app, "/tasks/", { token });
    const again = await get(one.app, "/tasks/", { token });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(one.deps.lists.bytes).toBeGreaterThan(0);
  });

  it("gives way to a task created through this process", async () => {
    const { tokens } = await signInAs(one.deps);
    const token = tokens.access_token;
    expect(await taskTitles(one, token)).toEqual([]);
    await post(one.app, "/tasks/", { token, body: task("Pay council tax") });
    expect(await taskTitles(one, token)).toEqual(["Pay council tax"]);
  });

  it("gives way to a task created through another process on the same database", async () => {
    const { tokens } = await signInAs(one.deps);
    const token = tokens.access_token;
    await post(one.app, "/tasks/", { token, body: task("Book dentist") });
    expect(await taskTitles(two, token)).toEqual(["Book dentist"]);
    await post(one.app, "/tasks/", { token, body: task("Service the car") });
    expect(await taskTitles(two, token)).toEqual(["Book dentist", "Service the car"]);
  });

  it("gives way to changes made in SQL, not through the API: update, delete, a row moved between users", async () => {
    const { db } = one.deps.database;
    const alice = await signInAs(one.deps);
    const bob = await signInAs(one.deps);
    const aliceToken = alice.tokens.access_token;
    const bobToken = bob.tokens.access_token;
    await post(one.app, "/tasks/", { token: aliceToken, body: task("File tax return") });
    await post(one.app, "/tasks/", { token: aliceToken, body: task("Update will") });
    expect(await taskTitles(one, aliceToken)).toEqual(["File tax return", "Update will"]);
    expect(await taskTitles(one, bobToken)).toEqual([]);

    await db.execute(
      sql`UPDATE tasks SET title = 'File the tax return' WHERE title = 'File tax return' AND user_id = ${alice.user.id}`,
    );
    expect(await taskTitles(one, aliceToken)).toEqual(["File the tax return", "Update will"]);

    await db.execute(
      sql`UPDATE tasks SET user_id = ${bob.user.id} WHERE title = 'Update will' AND user_id = ${alice.user.id}`,
    );
    expect(await taskTitles(one, aliceToken)).toEqual(["File the tax return"]);
    expect(await taskTitles(one, bobToken)).toEqual(["Update will"]);

    await db.execute(sql`DELETE FROM tasks WHERE user_id = ${alice.user.id}`);
    expect(await taskTitles(one, aliceToken)).toEqual([]);
    expect(await taskTitles(one, bobToken)).toEqual(["Update will"]);
  });

  it("keeps each subscription filter apart, and each gives way to a new subscription", async () => {
    const { tokens } = await signInAs(one.deps);
    const token = tokens.access_token;
    const names = async (app: TestApp, query: string) =>
      ((await get(app.app, `/subscriptions/${query}`, { token })).body as Subscription[]).map(
        (s) => s.name,
      );
    await post(one.app, "/subscriptions/", { token, body: subscription("Netflix", "Monthly") });
    expect(await names(one, "")).toEqual(["Netflix"]);
    expect(await names(one, "?frequency=Yearly")).toEqual([]);
    expect(await names(one, "?frequency=Monthly")).toEqual(["Netflix"]);

    await post(two.app, "/subscriptions/", { token, body: subscription("iCloud+", "Yearly") });
    expect(await names(one, "")).toEqual(["Netflix", "iCloud+"]);
    expect(await names(one, "?frequency=Yearly")).toEqual(["iCloud+"]);
    expect(await names(one, "?frequency=Monthly")).toEqual(["Netflix"]);
  });

  it("is never another user's", async () => {
    const alice = await signInAs(one.deps);
    const bob = await signInAs(one.deps);
    // One write each: both users are at the same revision, and the answer is kept per user.
    await post(one.app, "/tasks/", { token: alice.tokens.access_token, body: task("Alice's") });
    await post(one.app, "/tasks/", { token: bob.tokens.access_token, body: task("Bob's") });
    expect(await taskTitles(one, alice.tokens.access_token)).toEqual(["Alice's"]);
    expect(await taskTitles(one, bob.tokens.access_token)).toEqual(["Bob's"]);
  });
});

describe("lists_revision", () => {
  it("moves with every write to a user's tasks or subscriptions, and a user can still be deleted", async () => {
    const { db } = one.deps.database;
    const { user, tokens } = await signInAs(one.deps);
    const revision = async () => {
      const [row] = await db
        .select({ revision: users.listsRevision })
        .from(users)
        .where(eq(users.id, user.id));
      return row?.revision ?? Number.NaN;
    };
    const seen = [await revision()];
    await post(one.app, "/tasks/", { token: tokens.access_token, body: task("Water plants") });
    seen.push(await revision());
    await post(one.app, "/subscriptions/", {
      token: tokens.access_token,
      body: subscription("Gym", "Monthly"),
    });
    seen.push(await revision());
    await db.execute(sql`UPDATE subscriptions SET cost = 12 WHERE user_id = ${user.id}`);
    seen.push(await revision());
    await db.execute(sql`DELETE FROM subscriptions WHERE user_id = ${user.id}`);
    seen.push(await revision());
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // Deleting the user deletes its tasks too (ON DELETE CASCADE); the trigger must not stand in the way.
    await db.execute(sql`DELETE FROM ${users} WHERE id = ${user.id}`);
    expect((await get(one.app, "/tasks/", { token: tokens.access_token })).status).toBe(401);
  });
});

describe("a list answer's encoding", () => {
  const BROWSER = "gzip, deflate, br, zstd";

  async function userWithTasks(count: number) {
    const { tokens } = await signInAs(one.deps);
    const token = tokens.access_token;
    for (let n = 0; n < count; n += 1) {
      await post(one.app, "/tasks/", { token, body: task(`Renew the car's insurance (${n})`) });
    }
    const ask = (acceptEncoding?: string, app = one) =>
      app.app.request("/tasks/", {
        headers: {
          Authorization: `Bearer ${token}`,
          ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }),
        },
      });
    return { token, ask };
  }

  it("is gzipped for a client that asks for it, and unzips to the same JSON, kept or not", async () => {
    const { token, ask } = await userWithTasks(20);
    const plain = await get(one.app, "/tasks/", { token });
    expect(plain.text.length).toBeGreaterThan(1024);
    for (const app of [two, two, one]) {
      const res = await ask(BROWSER, app);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const zipped = Buffer.from(await res.arrayBuffer());
      expect(zipped.byteLength).toBeLessThan(plain.text.length / 4);
      expect(gunzipSync(zipped).toString("utf8")).toBe(plain.text);
    }
  });

  it("is sent as it is without Accept-Encoding, when gzip is refused or not offered", async () => {
    const { token, ask } = await userWithTasks(20);
    const plain = await get(one.app, "/tasks/", { token });
    for (const header of [undefined, "identity", "gzip;q=0", "br", "*;q=0, identity"]) {
      const res = await ask(header);
      expect(res.headers.get("content-encoding"), header).toBeNull();
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(await res.text()).toBe(plain.text);
    }
  });

  it("is sent as it is when the list is short: gzip would save next to nothing", async () => {
    const { ask } = await userWithTasks(1);
    const res = await ask(BROWSER);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as Task[]).map((t) => t.title)).toEqual([
      "Renew the car's insurance (0)",
    ]);
  });

  it("reaches a browser over HTTP with its length, and Vary naming the origin too", async () => {
    const { token } = await userWithTasks(20);
    const server = await listenOnLoopback();
    try {
      server.serve(getRequestListener(one.app.fetch));
      // Node's fetch asks for gzip as a browser does, and unzips.
      const res = await fetch(`${server.url}/tasks/`, {
        headers: { Authorization: `Bearer ${token}`, Origin: TEST_WEB_ORIGIN },
      });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(Number(res.headers.get("content-length"))).toBeLessThan(1024);
      expect(res.headers.get("vary")).toBe("Origin, Accept-Encoding");
      expect(((await res.json()) as Task[]).length).toBe(20);
    } finally {
      await server.close();
    }
  });
});
