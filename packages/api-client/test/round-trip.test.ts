// Round trips against the real API app (in-process, fresh PGlite): the contract as both sides
// implement it, real token rotation and a real expired access token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFailure } from "../src/test-support/api-failure.js";
import { fakeLocks } from "../src/test-support/fake-locks.js";
import { memoryTokenStore } from "../src/token-store.js";
import { inProcessClient, startApi, type ApiUnderTest } from "./support/api-app.js";

const HOUR = 3_600_000;

let api: ApiUnderTest;
beforeAll(async () => {
  // decisions D10: "today" for the renewals below, which stay ahead of it.
  api = await startApi(new Date("2026-01-15T12:00:00Z"));
});
afterAll(async () => {
  await api.close();
});

describe("tasks, subscriptions and the profile against the real API", () => {
  it("reads the signed-in user", async () => {
    const { client } = inProcessClient(api, await api.signIn("Ada Lovelace"));
    await expect(client.users.me()).resolves.toMatchObject({ full_name: "Ada Lovelace" });
  });

  it("creates tasks and lists them back, soonest due first", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const later = await client.tasks.create({
      title: "File tax return",
      due_date: "2026-04-30T00:00:00Z",
      frequency: "Yearly",
      priority: "High",
      notes: "Receipts in the blue folder",
    });
    const sooner = await client.tasks.create({
      title: "Water plants",
      due_date: "2026-03-01T08:30:00Z",
    });
    expect(later).toMatchObject({
      title: "File tax return",
      description: "Receipts in the blue folder",
      priority: "High",
      completed: false,
    });
    // The server's defaults (spec 9): frequency Daily, priority Medium.
    expect(sooner).toMatchObject({ frequency: "Daily", priority: "Medium", notes: null });
    await expect(client.tasks.list()).resolves.toEqual([sooner, later]);
  });

  it("creates subscriptions and filters the list by frequency and priority", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const netflix = await client.subscriptions.create({
      name: "Netflix",
      next_renewal_date: "2026-03-05",
      cost: 12.99,
      frequency: "Monthly",
      priority: "Medium",
      cancel_link: "https://www.netflix.com/cancelplan",
      remind_days_before: 3,
    });
    const domain = await client.subscriptions.create({
      name: "Domain name",
      next_renewal_date: "2026-02-01",
      cost: 15,
      frequency: "Yearly",
      priority: "High",
    });
    expect(domain.remind_days_before).toBe(7);
    await expect(client.subscriptions.list()).resolves.toEqual([domain, netflix]);
    await expect(client.subscriptions.list({ frequency: "Monthly" })).resolves.toEqual([netflix]);
    await expect(client.subscriptions.list({ priority: "High" })).resolves.toEqual([domain]);
    await expect(
      client.subscriptions.list({ frequency: "Monthly", priority: "High" }),
    ).resolves.toEqual([]);
  });

  it("shows the server's validation message for a bad body (spec 8: 422)", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const error = await apiFailure(
      client.subscriptions.create({ name: "Gym", next_renewal_date: "2026-03-01", cost: -5 }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe("Cost cannot be negative");
    expect(Array.isArray(error.detail)).toBe(true);
  });

  it("shows the server's detail when there is no session (spec 8: 401)", async () => {
    const { client, requests } = inProcessClient(api, null);
    const error = await apiFailure(client.tasks.list());
    expect(error.status).toBe(401);
    expect(error.message).toBe("Not authenticated");
    expect(requests).toEqual(["GET /tasks/"]);
  });
});

describe("one task or subscription against the real API (issue 18)", () => {
  it("reads, edits, completes, undoes and deletes a task", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const created = await client.tasks.create({
      title: "Pay rent",
      due_date: "2026-01-31T09:00:00Z",
      frequency: "Monthly",
    });
    await expect(client.tasks.get(created.id)).resolves.toEqual(created);
    const edited = await client.tasks.update(created.id, { priority: "High", category: "Home" });
    expect(edited).toEqual({ ...created, priority: "High", category: "Home" });
    await expect(client.tasks.update(created.id, {})).resolves.toEqual(edited);

    // decisions D9: from the anchor, the day clamped to the month.
    const february = await client.tasks.complete(created.id, created.due_date);
    expect(february).toEqual({ ...edited, due_date: "2026-02-28T09:00:00Z" });
    // Another tab that still shows 31 January: nothing changes.
    await expect(client.tasks.complete(created.id, created.due_date)).resolves.toEqual(february);
    await expect(client.tasks.complete(created.id)).resolves.toMatchObject({
      due_date: "2026-03-31T09:00:00Z",
    });
    await expect(client.tasks.uncomplete(created.id)).resolves.toEqual(february);
    await expect(client.tasks.uncomplete(created.id)).resolves.toEqual(edited);
    const nothing = await apiFailure(client.tasks.uncomplete(created.id));
    expect([nothing.status, nothing.message]).toEqual([409, "This task has no completion to undo"]);

    await client.tasks.remove(created.id);
    const gone = await apiFailure(client.tasks.get(created.id));
    expect([gone.status, gone.message]).toEqual([404, "Task not found"]);
    await expect(client.tasks.list()).resolves.toEqual([]);
  });

  it("completes a task that happens once", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const once = await client.tasks.create({
      title: "Renew passport",
      due_date: "2026-03-01T00:00:00Z",
      frequency: "Once",
    });
    await expect(client.tasks.complete(once.id)).resolves.toEqual({ ...once, completed: true });
    await expect(client.tasks.uncomplete(once.id)).resolves.toEqual(once);
  });

  it("skips a recurring task's occurrence and undoes the skip, and refuses to skip a task that happens once", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const bins = await client.tasks.create({
      title: "Put the bins out",
      due_date: "2099-01-05T07:00:00Z",
      frequency: "Weekly",
      interval: 2,
    });
    const skipped = await client.tasks.skip(bins.id, bins.due_date);
    expect(skipped).toEqual({ ...bins, due_date: "2099-01-19T07:00:00Z" });
    // Another tab that still shows 5 January: nothing changes.
    await expect(client.tasks.skip(bins.id, bins.due_date)).resolves.toEqual(skipped);
    await expect(client.tasks.uncomplete(bins.id)).resolves.toEqual(bins);

    const once = await client.tasks.create({
      title: "Renew passport",
      due_date: "2099-03-01T00:00:00Z",
      frequency: "Once",
    });
    const refused = await apiFailure(client.tasks.skip(once.id));
    expect([refused.status, refused.message]).toEqual([
      409,
      "Only a repeating task can be skipped; a task that happens once can be marked done or deleted",
    ]);
    await expect(client.tasks.get(once.id)).resolves.toEqual(once);
  });

  it("sends a series' end, completes its last date into an ended task, and reopens it with a later end", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const pills = await client.tasks.create({
      title: "Take the antibiotics",
      due_date: "2099-01-05T08:00:00Z",
      frequency: "Daily",
      repeat_until: "2099-01-06",
    });
    expect(pills.repeat_until).toBe("2099-01-06");
    await client.tasks.complete(pills.id, pills.due_date);
    const ended = await client.tasks.complete(pills.id, "2099-01-06T08:00:00Z");
    expect(ended).toMatchObject({ completed: true, due_date: "2099-01-07T08:00:00Z" });
    await expect(client.tasks.update(pills.id, { repeat_until: "2099-01-10" })).resolves.toEqual({
      ...ended,
      completed: false,
      repeat_until: "2099-01-10",
    });
    const early = await apiFailure(
      client.tasks.create({
        title: "Too late",
        due_date: "2099-01-05T08:00:00Z",
        frequency: "Daily",
        repeat_until: "2099-01-04",
      }),
    );
    expect([early.status, early.message]).toEqual([
      422,
      "Repeat until must be on or after the due date",
    ]);
  });

  it("reads, pauses, resumes and deletes a subscription, and sums the active ones", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const gym = await client.subscriptions.create({
      name: "Gym",
      next_renewal_date: "2026-02-01",
      cost: 30,
      frequency: "Monthly",
    });
    expect(gym.active).toBe(true);
    await client.subscriptions.create({
      name: "Cloud",
      next_renewal_date: "2026-02-10",
      cost: 1,
      frequency: "Daily",
    });
    await expect(client.subscriptions.get(gym.id)).resolves.toEqual(gym);
    await expect(client.subscriptions.totals()).resolves.toEqual({
      monthly: 60.42, // 30 + 365 / 12
      yearly: 725,
      active_count: 2,
    });
    const paused = await client.subscriptions.update(gym.id, { active: false });
    expect(paused).toEqual({ ...gym, active: false });
    await expect(client.subscriptions.totals()).resolves.toEqual({
      monthly: 30.42,
      yearly: 365,
      active_count: 1,
    });
    await expect(client.subscriptions.update(gym.id, { active: true })).resolves.toEqual(gym);
    await client.subscriptions.remove(gym.id);
    const gone = await apiFailure(client.subscriptions.get(gym.id));
    expect([gone.status, gone.message]).toEqual([404, "Subscription not found"]);
  });

  it("never reaches another user's records: each new call is a 404", async () => {
    const alice = inProcessClient(api, await api.signIn()).client;
    const bob = inProcessClient(api, await api.signIn()).client;
    const task = await bob.tasks.create({ title: "Bob's", due_date: "2026-03-01T00:00:00Z" });
    const sub = await bob.subscriptions.create({
      name: "Bob's",
      next_renewal_date: "2026-03-01",
      cost: 5,
    });
    const calls = [
      () => alice.tasks.get(task.id),
      () => alice.tasks.update(task.id, { title: "Mine" }),
      () => alice.tasks.complete(task.id),
      () => alice.tasks.uncomplete(task.id),
      () => alice.tasks.remove(task.id),
      () => alice.subscriptions.get(sub.id),
      () => alice.subscriptions.update(sub.id, { active: false }),
      () => alice.subscriptions.remove(sub.id),
    ];
    for (const call of calls) expect((await apiFailure(call())).status).toBe(404);
    await expect(bob.tasks.list()).resolves.toEqual([task]);
    await expect(bob.subscriptions.list()).resolves.toEqual([sub]);
  });
});

describe("the session against the real API", () => {
  it("refreshes with rotation: the new set is stored and the old refresh token is then refused", async () => {
    const first = await api.signIn();
    const { client, store } = inProcessClient(api, first);
    const second = await client.auth.refresh();
    expect(store.get()).toEqual(second);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await expect(client.users.me()).resolves.toMatchObject({ full_name: "Test User" });

    // Someone replays the rotated token after the grace window (a lost answer's retry would be
    // inside it): refused, and (decisions D3) the sign-in is over.
    api.advance(10_000);
    const replay = inProcessClient(api, first);
    const error = await apiFailure(replay.client.auth.refresh());
    expect(error.message).toBe("Failed to refresh token");
    expect(error.status).toBe(401);
    expect(error.detail).toMatch(/already used/);
    expect(replay.store.get()).toBeNull();
    expect(replay.ended()).toBe(1);
  });

  it("meets an expired access token with exactly one refresh and a successful retry", async () => {
    const { client, requests, store } = inProcessClient(api, await api.signIn());
    await client.tasks.create({ title: "Book dentist", due_date: "2026-03-10T09:00:00Z" });
    const before = store.get();
    api.advance(61 * 60_000); // decisions D3: access tokens live about 60 minutes
    requests.length = 0;

    await expect(client.tasks.list()).resolves.toMatchObject([{ title: "Book dentist" }]);
    expect(requests).toEqual(["GET /tasks/", "POST /auth/refresh", "GET /tasks/"]);
    expect(store.get()?.refresh_token).not.toBe(before?.refresh_token);
  });

  it("lets five parallel requests with an expired token share one refresh (the server would end a raced sign-in)", async () => {
    const { client, requests } = inProcessClient(api, await api.signIn());
    api.advance(2 * HOUR);
    requests.length = 0;

    const answers = await Promise.all([
      client.tasks.list(),
      client.subscriptions.list(),
      client.users.me(),
      client.tasks.list(),
      client.subscriptions.list({ frequency: "Daily" }),
    ]);
    expect(answers).toHaveLength(5);
    expect(requests.filter((r) => r === "POST /auth/refresh")).toHaveLength(1);
    expect(requests).toHaveLength(11);
  });

  it("keeps the sign-in when two tabs sharing one store and one lock refresh at once", async () => {
    const store = memoryTokenStore(await api.signIn());
    const locks = fakeLocks();
    const first = inProcessClient(api, null, { store, locks });
    const second = inProcessClient(api, null, { store, locks });
    api.advance(2 * HOUR);

    await expect(
      Promise.all([first.client.checkSession(api.now()), second.client.checkSession(api.now())]),
    ).resolves.toEqual(["refreshed", "refreshed"]);
    expect([...first.requests, ...second.requests]).toEqual(["POST /auth/refresh"]);
    // Without the lock the second refresh would present the rotated token and end the sign-in.
    await expect(second.client.users.me()).resolves.toMatchObject({ full_name: "Test User" });
    expect(first.ended() + second.ended()).toBe(0);
  });

  it("checks the session with the API's clock: refresh after 55 minutes, end after 30 days", async () => {
    const { client, requests, ended } = inProcessClient(api, await api.signIn());
    await expect(client.checkSession(api.now())).resolves.toBe("valid");
    api.advance(HOUR);
    await expect(client.checkSession(api.now())).resolves.toBe("refreshed");
    expect(requests).toEqual(["POST /auth/refresh"]);
    api.advance(31 * 24 * HOUR); // decisions D3: a sign-in ends 30 days after it began
    await expect(client.checkSession(api.now())).resolves.toBe("ended");
    expect(ended()).toBe(1);
  });

  it("logs out: the sign-in ends on the server and the store is cleared", async () => {
    const tokens = await api.signIn();
    const { client, store, requests } = inProcessClient(api, tokens);
    await client.auth.logout();
    expect(requests).toEqual(["POST /auth/logout"]);
    expect(store.get()).toBeNull();

    // The old tokens no longer work: neither the access token nor a refresh.
    const after = inProcessClient(api, tokens);
    const error = await apiFailure(after.client.tasks.list());
    expect(error.message).toBe("Failed to refresh token");
    expect(after.requests).toEqual(["GET /tasks/", "POST /auth/refresh"]);
  });
});
