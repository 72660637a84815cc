// A failed query is logged by its kind and codes, never by what it carried (issue 17): drizzle's
// message quotes the query's parameters and PostgreSQL's detail quotes the row, which would put a
// task's text, an email, a nonce or a PKCE verifier into the logs.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();

beforeAll(async () => {
  // Two rules the API does not know about, so that a valid request fails in the database.
  await t.deps.database.db.execute(
    sql`ALTER TABLE tasks ADD CONSTRAINT tasks_title_not_refused CHECK (title NOT LIKE 'refused %')`,
  );
  await t.deps.database.db.execute(sql`CREATE UNIQUE INDEX tasks_title_once ON tasks (title)`);
});

async function createTask(title: string) {
  const { tokens } = await signInAs(t.deps);
  return post(t.app, "/tasks/", {
    token: tokens.access_token,
    body: { title, due_date: "2026-03-01T09:00:00Z" },
  });
}

function logLine(msg: string) {
  return t.logs.lines().find((line) => line.msg === msg);
}

describe("a failed query's log line", () => {
  it("names the check PostgreSQL refused a value with, and never the value (a 422)", async () => {
    const secret = `refused pkce-verifier-${randomUUID()}`;
    const res = await createTask(secret);
    expect(res.status).toBe(422);
    expect(logLine("database refused a value")?.err).toEqual({
      type: "DrizzleQueryError",
      causes: ["DatabaseError"],
      code: "23514",
      table: "tasks",
      constraint: "tasks_title_not_refused",
    });
    expect(t.logs.text()).not.toContain(secret);
    expect(t.logs.text()).not.toContain(secret.slice("refused ".length));
  });

  it("names the unique index a second insert broke, and never the duplicated value (a 500)", async () => {
    const secret = `nonce-${randomUUID()}@example.test`;
    expect((await createTask(secret)).status).toBe(201);
    const res = await createTask(secret);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Internal Server Error" });
    expect(logLine("unhandled error")).toMatchObject({
      level: 50,
      method: "POST",
      path: "/tasks/",
      err: { type: "DrizzleQueryError", code: "23505", constraint: "tasks_title_once" },
    });
    expect(t.logs.text()).not.toContain(secret);
  });
});
