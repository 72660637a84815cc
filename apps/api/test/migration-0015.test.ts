// Migration 0015 (decisions D9's interval) over a database that already has schedules and read
// files: what their people notice afterwards. Every task, completion and subscription repeats
// every 1, as it did; a proposal read before it carries the interval the contract now requires;
// and the database holds every interval to 1-99, a task that happens once to 1.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../src/paths.js";
import { migrationsBefore } from "./support/migrations-before.js";

const client = new PGlite();
const db = drizzle({ client });
const before = migrationsBefore("0015_");
afterAll(async () => {
  await client.close();
  before.remove();
});

const TASK_PROPOSAL = {
  kind: "task",
  task: { title: "Pay the gas bill", due_date: "2026-12-05T00:00:00Z", frequency: "Once" },
};
const SUBSCRIPTION_PROPOSAL = {
  kind: "subscription",
  subscription: { name: "Northern Water", cost: 84.2, frequency: "Monthly" },
};

it("keeps every schedule every 1, gives stored proposals their interval, and holds intervals to the rules", async () => {
  await migrate(db, { migrationsFolder: before.folder });
  await client.query(
    "INSERT INTO users (issuer, subject, email) VALUES ('https://issuer.test', 'old', 'old@example.test')",
  );
  await client.exec(`
    INSERT INTO tasks (user_id, title, due_date, anchor_at, frequency, priority)
      VALUES (1, 'Pay rent', '2026-01-31 09:00:00+00', '2026-01-31 09:00:00+00', 'Monthly', 'High'),
             (1, 'Renew passport', '2027-02-01 09:00:00+00', '2027-02-01 09:00:00+00', 'Once', 'High');
    INSERT INTO task_completions (task_id, due_date, occurrence, anchor_at, frequency, completed_at)
      VALUES (1, '2026-01-31 09:00:00+00', 0, '2026-01-31 09:00:00+00', 'Monthly', now());
    INSERT INTO subscriptions (user_id, name, cost, frequency, next_renewal_date, renewal_anchor,
        remind_days_before, priority)
      VALUES (1, 'Netflix', 10.99, 'Monthly', '2026-01-31', '2026-01-31', 3, 'Medium');
  `);
  const files = [TASK_PROPOSAL, SUBSCRIPTION_PROPOSAL, null];
  for (const [i, proposal] of files.entries()) {
    await client.query(
      "INSERT INTO files (user_id, name, content_type, size, status, proposal) VALUES (1, $1, 'image/png', 10, $2, $3)",
      [
        `bill ${i}.png`,
        proposal === null ? "unreadable" : "read",
        proposal === null ? null : JSON.stringify(proposal),
      ],
    );
  }

  await migrate(db, { migrationsFolder });

  const intervals = await client.query(`
    SELECT (SELECT array_agg(repeat_interval ORDER BY id) FROM tasks) AS tasks,
      (SELECT array_agg(repeat_interval) FROM task_completions) AS completions,
      (SELECT array_agg(repeat_interval) FROM subscriptions) AS subscriptions`);
  expect(intervals.rows).toEqual([{ tasks: [1, 1], completions: [1], subscriptions: [1] }]);
  const proposals = await client.query<{ proposal: unknown }>(
    "SELECT proposal FROM files ORDER BY id",
  );
  expect(proposals.rows.map((row) => row.proposal)).toEqual([
    { ...TASK_PROPOSAL, task: { ...TASK_PROPOSAL.task, interval: 1 } },
    {
      ...SUBSCRIPTION_PROPOSAL,
      subscription: { ...SUBSCRIPTION_PROPOSAL.subscription, interval: 1 },
    },
    null,
  ]);

  await client.exec("UPDATE tasks SET repeat_interval = 2 WHERE frequency = 'Monthly'");
  await expect(
    client.exec("UPDATE tasks SET repeat_interval = 2 WHERE frequency = 'Once'"),
  ).rejects.toThrow(/tasks_once_interval_check/);
  await expect(client.exec("UPDATE subscriptions SET repeat_interval = 100")).rejects.toThrow(
    /subscriptions_repeat_interval_check/,
  );
  await expect(client.exec("UPDATE task_completions SET repeat_interval = 0")).rejects.toThrow(
    /task_completions_repeat_interval_check/,
  );
});
