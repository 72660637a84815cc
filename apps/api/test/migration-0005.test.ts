// Migration 0005 (issue 18) over a database that already has tasks and subscriptions: what the
// people who made them notice afterwards. Their rows keep their dates and answer as before, each
// task's due date is the anchor of its occurrences, and every subscription is active, rolled
// forward from its own date.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../src/paths.js";
import { migrationsBefore } from "./support/migrations-before.js";

const client = new PGlite();
const db = drizzle({ client });
const before = migrationsBefore("0005_");
afterAll(async () => {
  await client.close();
  before.remove();
});

it("gives existing tasks their due date as anchor and existing subscriptions active: true", async () => {
  await migrate(db, { migrationsFolder: before.folder });
  await client.exec(`
    INSERT INTO users (issuer, subject, email) VALUES ('https://issuer.test', 'old', 'old@example.test');
    INSERT INTO tasks (user_id, title, due_date, frequency, priority)
      VALUES (1, 'Pay rent', '2026-01-31 09:00:00+00', 'Monthly', 'High');
    INSERT INTO subscriptions (user_id, name, cost, frequency, next_renewal_date, remind_days_before, priority)
      VALUES (1, 'Netflix', 10.99, 'Monthly', '2026-01-31', 3, 'Medium');
  `);

  await migrate(db, { migrationsFolder });

  const task = await client.query(
    "SELECT due_date = anchor_at AS anchored, occurrence, completed FROM tasks",
  );
  expect(task.rows).toEqual([{ anchored: true, occurrence: 0, completed: false }]);
  const subscription = await client.query(
    "SELECT next_renewal_date::text AS next, renewal_anchor::text AS anchor, active FROM subscriptions",
  );
  expect(subscription.rows).toEqual([{ next: "2026-01-31", anchor: "2026-01-31", active: true }]);
  // A task may now happen once; nothing else is let in.
  await client.exec("UPDATE tasks SET frequency = 'Once'");
  await expect(client.exec("UPDATE tasks SET frequency = 'Hourly'")).rejects.toThrow(
    /tasks_frequency_check/,
  );
});
