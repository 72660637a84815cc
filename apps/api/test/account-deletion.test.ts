// Issue 22, decisions D15: DELETE /users/me. The person's every row goes in one request (each
// table of the schema counted for them before and after), nothing of another person's does, and
// nothing goes unless the confirmation is their email. After it their tokens answer 401, their
// calendar feed 404, the jobs queued for them find nothing and finish, and the same account
// signing in again starts empty. Writes racing the deletion land before it or answer 401, and
// leave no row behind.
import { randomUUID } from "node:crypto";
import { DELETION_NOT_CONFIRMED } from "@life-admin/domain/account";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { upsertUserFromClaims } from "../src/auth/users.js";
import { preparedInsertWhere } from "../src/db/insert-one.js";
import { loginAttempts, reminderDeliveries, reminderMornings, tasks } from "../src/db/schema.js";
import { isOwnerGone } from "../src/errors/database-errors.js";
import { rowCap } from "../src/http/row-caps.js";
import { READ_FILE } from "../src/jobs/file-reading.js";
import { startJobEngine } from "../src/jobs/job-engine.js";
import { morningEmailSender } from "../src/jobs/reminder-emails.js";
import {
  type AccountIds,
  TABLE_NAMES,
  accountIdsOf,
  accountRowCounts,
  orphanRows,
  rowsOf,
} from "./support/account-rows.js";
import { pdfBill } from "./support/documents.js";
import { fakeExtractor } from "./support/fake-extractor.js";
import { call, get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";
import { upload } from "./support/uploads.js";

const t = useTestApp();
const ISSUER = "https://accounts.example.test";
const MORNING = "2026-11-27";

interface Person {
  id: number;
  email: string;
  subject: string;
  token: string;
  refreshToken: string;
  feedUrl: string;
  fileId: number;
  taskId: number;
}

/** A person with a row in every table that can hold one of theirs. */
async function personWithEverything(): Promise<Person> {
  const subject = randomUUID();
  const email = `${subject.slice(0, 8)}@example.test`;
  const { user, tokens } = await signInAs(t.deps, { subject, email, issuer: ISSUER });
  const { db } = t.deps.database;
  const token = tokens.access_token;

  const stored = await upload(t.app, token, await pdfBill());
  expect(stored.status).toBe(201);
  const task = await post(t.app, "/tasks/", {
    token,
    body: {
      title: "Pay the water bill",
      due_date: "2026-12-01T09:00:00Z",
      frequency: "Monthly",
      file_id: stored.file.id,
    },
  });
  expect(task.status).toBe(201);
  const taskId = (task.body as { id: number }).id;
  expect((await post(t.app, `/tasks/${taskId}/complete`, { token })).status).toBe(200);
  const subscription = await post(t.app, "/subscriptions/", {
    token,
    body: {
      name: "Northern Water",
      next_renewal_date: "2026-12-12",
      cost: 84.2,
      frequency: "Monthly",
      file_id: stored.file.id,
    },
  });
  expect(subscription.status).toBe(201);
  const feed = await get(t.app, "/calendar/feed", { token });
  expect(feed.status).toBe(200);
  // Issue 23: a household of their own, with an invitation link waiting to be used.
  expect((await post(t.app, "/households/", { token, body: { name: "Home" } })).status).toBe(201);
  expect((await post(t.app, "/households/me/invitations", { token })).status).toBe(201);
  // Overdue: a reminder of it is due now, to be marked read.
  const overdue = await post(t.app, "/tasks/", {
    token,
    body: { title: "Renew passport", due_date: "2026-01-05T09:00:00Z", frequency: "Once" },
  });
  expect(overdue.status).toBe(201);
  expect((await post(t.app, "/notifications/read", { token, body: { all: true } })).status).toBe(
    204,
  );
  // A refresh: a second refresh token in the family, and the counter of refreshes per account.
  const refreshed = await post(t.app, "/auth/refresh", {
    body: { refresh_token: tokens.refresh_token },
  });
  expect(refreshed.status).toBe(200);
  const next = refreshed.body as { access_token: string; refresh_token: string };
  await db.insert(reminderMornings).values({
    userId: user.id,
    morning: MORNING,
    channel: "email",
    messageId: `<reminders.${user.id}.${MORNING}@example.test>`,
  });
  await db.insert(reminderDeliveries).values({
    userId: user.id,
    key: `task:${taskId}:2026-11-27`,
    channel: "email",
    morning: MORNING,
  });
  await db.insert(loginAttempts).values({
    stateHash: randomUUID(),
    nonce: "nonce",
    codeVerifier: "verifier",
    browserChallenge: "challenge",
    expiresAt: new Date(Date.now() + 60_000),
    userId: user.id,
  });
  return {
    id: user.id,
    email,
    subject,
    token: next.access_token,
    refreshToken: next.refresh_token,
    feedUrl: (feed.body as { url: string }).url,
    fileId: stored.file.id,
    taskId,
  };
}

/** The first item of a 422's detail. */
function firstItem(body: unknown) {
  const [item] = (body as { detail: { loc: string[]; msg: string; type: string }[] }).detail;
  if (item === undefined) throw new Error("a 422 without an item");
  return item;
}

const deleteAccount = (token: string, body: unknown) =>
  call(t.app, "DELETE", "/users/me", { token, body });

async function countsOf(ids: AccountIds) {
  return accountRowCounts(t.deps.database.db, ids);
}

describe("DELETE /users/me", () => {
  it("refuses any confirmation but the account's email with a 422 and deletes nothing", async () => {
    const alice = await personWithEverything();
    const ids = await accountIdsOf(t.deps.database.db, alice.id);
    const before = await countsOf(ids);

    // Not text: the body's check names the field.
    for (const body of [{}, { confirm: null }, { confirm: 42 }, { confirm: [alice.email] }]) {
      const res = await deleteAccount(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(firstItem(res.body).loc, JSON.stringify(body)).toEqual(["body", "confirm"]);
    }
    // Text, but not the account's email: the confirmation's own message.
    const bob = await personWithEverything();
    for (const confirm of [
      "",
      "someone@example.test",
      alice.email.slice(0, -1),
      `${alice.email}x`,
      bob.email,
    ]) {
      const res = await deleteAccount(alice.token, { confirm });
      expect(res.status, confirm).toBe(422);
      expect(firstItem(res.body)).toEqual({
        loc: ["body", "confirm"],
        msg: DELETION_NOT_CONFIRMED,
        type: "value_error",
      });
    }
    const noBody = await t.app.request("/users/me", {
      method: "DELETE",
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    // No body at all is not JSON, as on every route that reads one.
    expect(noBody.status, await noBody.text()).toBe(415);
    const notJson = await call(t.app, "DELETE", "/users/me", {
      token: alice.token,
      raw: "confirm=" + alice.email,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect((await deleteAccount("not-a-token", { confirm: alice.email })).status).toBe(401);

    expect(await countsOf(ids)).toEqual(before);
    expect((await get(t.app, "/users/me", { token: alice.token })).status).toBe(200);
  });

  it("deletes every row of the person in one request, and nothing of another person's", async () => {
    const alice = await personWithEverything();
    const bob = await personWithEverything();
    const { db } = t.deps.database;
    const aliceIds = await accountIdsOf(db, alice.id);
    const bobIds = await accountIdsOf(db, bob.id);
    const aliceBefore = await countsOf(aliceIds);
    const bobBefore = await countsOf(bobIds);
    // A row of the person in every table of the schema, so that the test sees each one go.
    for (const table of TABLE_NAMES) {
      expect(aliceBefore[table], `alice's rows in ${table}`).toBeGreaterThan(0);
    }
    expect(Object.keys(aliceBefore).sort()).toEqual([...TABLE_NAMES].sort());
    expect((await get(t.app, alice.feedUrl.replace(/^https?:\/\/[^/]+/, ""))).status).toBe(200);

    // As a person types it: spaces around, capitals.
    const res = await deleteAccount(alice.token, { confirm: `  ${alice.email.toUpperCase()} ` });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe("");

    const aliceAfter = await countsOf(aliceIds);
    expect(aliceAfter).toEqual(Object.fromEntries(TABLE_NAMES.map((name) => [name, 0])));
    expect(await countsOf(bobIds)).toEqual(bobBefore);
    expect(await orphanRows(db)).toEqual({});

    // Every token of hers ends; her feed's URL finds nothing; Bob's goes on.
    for (const path of ["/users/me", "/tasks/", "/subscriptions/", "/files/"]) {
      expect((await get(t.app, path, { token: alice.token })).status, path).toBe(401);
      expect((await get(t.app, path, { token: bob.token })).status, path).toBe(200);
    }
    const refresh = await post(t.app, "/auth/refresh", {
      body: { refresh_token: alice.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect((await deleteAccount(alice.token, { confirm: alice.email })).status).toBe(401);
    const feed = await get(t.app, alice.feedUrl.replace(/^https?:\/\/[^/]+/, ""));
    expect(feed.status).toBe(404);
    expect(feed.body).toEqual({ detail: "Calendar feed not found" });
    expect((await get(t.app, bob.feedUrl.replace(/^https?:\/\/[^/]+/, ""))).status).toBe(200);
  });

  it("makes a new, empty account when the same person signs in again", async () => {
    const alice = await personWithEverything();
    expect((await deleteAccount(alice.token, { confirm: alice.email })).status).toBe(204);

    const again = await upsertUserFromClaims(t.deps.database.db, {
      issuer: ISSUER,
      subject: alice.subject,
      email: alice.email,
      fullName: "Alice",
      picture: null,
    });
    expect(again.id).not.toBe(alice.id);
    const { access_token: token } = await t.deps.tokens.issueSignIn(again.id);
    for (const path of ["/tasks/", "/subscriptions/", "/files/", "/notifications/"]) {
      const res = await get(t.app, path, { token });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
    const feed = await get(t.app, "/calendar/feed", { token });
    expect((feed.body as { url: string }).url).not.toBe(alice.feedUrl);
    expect((await get(t.app, alice.feedUrl.replace(/^https?:\/\/[^/]+/, ""))).status).toBe(404);
  });

  it("is one of the methods of /users/me that a 405 lists", async () => {
    const { tokens } = await signInAs(t.deps);
    for (const method of ["POST", "PUT"]) {
      const res = await call(t.app, method, "/users/me", { token: tokens.access_token });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
    }
  });
});

describe("the jobs queued for a deleted person", () => {
  it("find nothing and finish: the file's reading and the morning's email", async () => {
    const alice = await personWithEverything();
    const { db } = t.deps.database;
    expect((await deleteAccount(alice.token, { confirm: alice.email })).status).toBe(204);

    // The reading the upload queued, run by the job engine after the deletion.
    const { extractor } = fakeExtractor(() =>
      Promise.resolve({ text: "A bill", method: "pdf-text", pages: 1, unsure: false }),
    );
    const engine = await startJobEngine(t.deps, {
      schedule: false,
      pollingIntervalSeconds: 0.5,
      extractor,
    });
    try {
      await vi.waitFor(
        async () => {
          const jobs = await rowsOf<{ state: string; retry_count: number }>(
            db,
            sql`select state, retry_count from pgboss.job
              where name = ${READ_FILE} and data->>'fileId' = ${String(alice.fileId)}`,
          );
          expect(jobs).toEqual([{ state: "completed", retry_count: 0 }]);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await engine.stop();
    }

    // A morning's email queued before the deletion and sent after it.
    const sent: unknown[] = [];
    const sendMorning = morningEmailSender({
      db,
      config: t.deps.config,
      mailer: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
        close: () => undefined,
      },
      unsubscribeTokens: t.deps.unsubscribeTokens,
      now: () => new Date(),
      leaseMs: 60_000,
      queueAt: () => Promise.reject(new Error("a deleted person's morning is held by no one")),
    });
    expect(
      await sendMorning({ userId: alice.id, morning: MORNING }, { jobId: "after", final: false }),
    ).toBe("off");
    expect(sent).toEqual([]);
  });
});

describe("writes racing the deletion", () => {
  it("land before it and go with it, or answer 401, and leave no row behind", async () => {
    const alice = await personWithEverything();
    const { db } = t.deps.database;
    const pdf = await pdfBill();
    const token = alice.token;
    // Each client writes one kind of record, one request after another, until it is refused.
    const kinds: ((round: number) => Promise<{ status: number; body: unknown }>)[] = [
      (round) =>
        post(t.app, "/tasks/", {
          token,
          body: { title: `Task ${round}`, due_date: "2026-12-01T09:00:00Z", frequency: "Weekly" },
        }),
      (round) =>
        post(t.app, "/subscriptions/", {
          token,
          body: {
            name: `Sub ${round}`,
            next_renewal_date: "2026-12-12",
            cost: 1,
            frequency: "Monthly",
          },
        }),
      () => post(t.app, `/tasks/${alice.taskId}/complete`, { token }),
      () => upload(t.app, token, pdf),
      () => post(t.app, "/calendar/feed/rotate", { token }),
      () => post(t.app, "/notifications/read", { token, body: { all: true } }),
    ];
    const answers: { status: number; body: unknown }[] = [];
    let landed = 0;
    const clients = kinds.map(async (write) => {
      for (let round = 0; round < 200; round += 1) {
        const answer = await write(round);
        answers.push(answer);
        if (answer.status >= 400) return;
        landed += 1;
      }
    });
    // Some of each client's writes land before the deletion starts, the rest meet it.
    await vi.waitFor(() => {
      expect(landed).toBeGreaterThanOrEqual(2 * kinds.length);
    }, 20_000);
    const deletion = await deleteAccount(token, { confirm: alice.email });
    await Promise.all(clients);
    expect(deletion.status).toBe(204);

    // 401: the sign-in ended with the account; 404: the task completed was gone with it.
    for (const answer of answers) {
      expect([200, 201, 204, 401, 404], JSON.stringify(answer.body)).toContain(answer.status);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThan(0);
    expect(await orphanRows(db)).toEqual({});
    const ids = await accountIdsOf(db, alice.id);
    expect(Object.values(await countsOf(ids)).every((n) => n === 0)).toBe(true);
  });

  it("answers a create whose person is gone by the time it is stored with a 401 and stores nothing", async () => {
    // The row cap's check finds no user: the insert goes on and fails its foreign key.
    const { db } = t.deps.database;
    const insertTask = preparedInsertWhere(
      db,
      tasks,
      "test_insert_task_gone",
      rowCap("tasks", 10).allows,
    );
    const gone = 2_000_000_000;
    const due = new Date("2026-12-01T09:00:00Z");
    const failure = await insertTask(
      {
        userId: gone,
        title: "Orphan",
        dueDate: due,
        frequency: "Once",
        priority: "Medium",
        anchorAt: due,
      },
      { userId: gone, assigneeId: null },
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isOwnerGone(failure)).toBe(true);
    expect(await orphanRows(db)).toEqual({});
  });
});
