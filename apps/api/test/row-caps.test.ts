// Issue 17: the most tasks and subscriptions one user may keep (MAX_TASKS_PER_USER,
// MAX_SUBSCRIPTIONS_PER_USER), here configured small. A create past the cap is a 409 with a
// detail, never a 5xx; the count follows the rows however they go.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { get, post } from "./support/http.js";
import { signInAs, testConfig, useTestApp } from "./support/test-app.js";

const t = useTestApp({
  config: testConfig({ MAX_TASKS_PER_USER: "3", MAX_SUBSCRIPTIONS_PER_USER: "1" }),
});

const task = { title: "Renew passport", due_date: "2026-03-01T09:30:00Z" };
const subscription = {
  name: "Netflix",
  cost: 15.99,
  frequency: "Monthly",
  next_renewal_date: "2026-03-01",
  remind_days_before: 3,
  priority: "Medium",
};

describe("MAX_TASKS_PER_USER", () => {
  it("answers the create past the cap 409 with a detail, and stores nothing", async () => {
    const { tokens } = await signInAs(t.deps);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t.app, "/tasks/", { token: tokens.access_token, body: task });
      expect(res.status).toBe(201);
    }
    const refused = await post(t.app, "/tasks/", { token: tokens.access_token, body: task });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: "You have reached the limit of 3 tasks. Delete some to add more.",
    });
    const list = await get(t.app, "/tasks/", { token: tokens.access_token });
    expect(list.body).toHaveLength(3);
  });

  it("is each user's own: another user still creates", async () => {
    const full = await signInAs(t.deps);
    for (let i = 0; i < 4; i += 1) {
      await post(t.app, "/tasks/", { token: full.tokens.access_token, body: task });
    }
    const other = await signInAs(t.deps);
    const res = await post(t.app, "/tasks/", { token: other.tokens.access_token, body: task });
    expect(res.status).toBe(201);
  });

  it("lets exactly as many of many concurrent creates through as there are places left", async () => {
    const { tokens } = await signInAs(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(t.app, "/tasks/", { token: tokens.access_token, body: task }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const list = await get(t.app, "/tasks/", { token: tokens.access_token });
    expect(list.body).toHaveLength(3);
  });

  it("counts deletions: once some are gone, the user may add again", async () => {
    const { user, tokens } = await signInAs(t.deps);
    for (let i = 0; i < 3; i += 1) {
      await post(t.app, "/tasks/", { token: tokens.access_token, body: task });
    }
    // spec 7 has no delete route yet: as a later route or the account's export/import would.
    await t.deps.database.db.execute(
      sql`DELETE FROM tasks WHERE id IN (SELECT id FROM tasks WHERE user_id = ${user.id} LIMIT 2)`,
    );
    const [row] = await t.deps.database.db
      .select({ tasks: users.taskCount })
      .from(users)
      .where(sql`${users.id} = ${user.id}`);
    expect(row?.tasks).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      const res = await post(t.app, "/tasks/", { token: tokens.access_token, body: task });
      expect(res.status).toBe(201);
    }
    expect((await post(t.app, "/tasks/", { token: tokens.access_token, body: task })).status).toBe(
      409,
    );
  });
});

describe("MAX_SUBSCRIPTIONS_PER_USER", () => {
  it("answers the create past the cap 409, in the singular for a cap of one", async () => {
    const { tokens } = await signInAs(t.deps);
    const first = await post(t.app, "/subscriptions/", {
      token: tokens.access_token,
      body: subscription,
    });
    expect(first.status).toBe(201);
    const refused = await post(t.app, "/subscriptions/", {
      token: tokens.access_token,
      body: subscription,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: "You have reached the limit of 1 subscription. Delete some to add more.",
    });
    // Counted apart from tasks: the user's tasks are not capped by it.
    const res = await post(t.app, "/tasks/", { token: tokens.access_token, body: task });
    expect(res.status).toBe(201);
  });
});

describe("the default caps", () => {
  const defaults = useTestApp();

  it("refuse the 50,001st task and the 5,001st subscription of a user", async () => {
    const { user, tokens } = await signInAs(defaults.deps);
    // As if the user had made them all: the count is what the check reads.
    await defaults.deps.database.db.execute(
      sql`UPDATE users SET task_count = 49999, subscription_count = 5000 WHERE id = ${user.id}`,
    );
    const token = tokens.access_token;
    expect((await post(defaults.app, "/tasks/", { token, body: task })).status).toBe(201);
    const tasks = await post(defaults.app, "/tasks/", { token, body: task });
    expect(tasks.body).toEqual({
      detail: "You have reached the limit of 50,000 tasks. Delete some to add more.",
    });
    const subscriptions = await post(defaults.app, "/subscriptions/", {
      token,
      body: subscription,
    });
    expect(subscriptions.status).toBe(409);
    expect(subscriptions.body).toEqual({
      detail: "You have reached the limit of 5,000 subscriptions. Delete some to add more.",
    });
  });
});
