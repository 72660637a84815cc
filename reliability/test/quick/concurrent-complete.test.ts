// Issue 18, suite 12: two tabs completing the same task at once complete it once. Over real HTTP,
// tabs send POST /tasks/{task_id}/complete with the due date they show, all at the same moment
// (and, for a recurring task, some tabs POST /tasks/{task_id}/skip instead: decisions D9),
// for tasks of every frequency (month ends and a leap day among them); on PGlite the requests
// interleave between their read and their write, on PostgreSQL (TEST_DATABASE_URL) they also run
// in parallel on several connections. Each task must have moved exactly one occurrence (the
// domain's rule, which skipping follows too), have exactly one completion (or skip) recorded, and
// every tab must get the same answer.
// The API's clock is before every due date, so that each completion is on time (one completed
// late skips the occurrences already past: decisions D9).
import { signInAs, tables } from "@life-admin/api/testing";
import { TASK_FREQUENCIES, completeOccurrence, type Task } from "@life-admin/domain";
import { count, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures } from "../../src/figures.js";
import { exchange, type Exchange } from "../../src/http-exchange.js";

/** Tabs per task, and tasks whose tabs all send at once. */
const TABS = 5;
const TASKS_AT_ONCE = 10;
const DUE_DATES = [
  "2026-01-31T09:00:00Z",
  "2024-02-29T00:00:00Z",
  "2026-03-15T23:59:59.999Z",
  "2026-12-31T12:00:00+05:30",
];

/** Before the earliest of DUE_DATES. */
const NOW = new Date("2024-01-01T00:00:00Z");

let api: ApiOnLoopback;
let token: string;
let requests = 0;
let tasksCompleted = 0;
let completionsRecorded = 0;
let skipsRecorded = 0;
const answersByStatus: Record<string, number> = {};

beforeAll(async () => {
  api = await startApiOnLoopback({ now: () => NOW });
  token = (await signInAs(api.deps)).tokens.access_token;
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 12 concurrent complete", {
    engine: api.deps.database.kind,
    tasks: tasksCompleted,
    tabs_per_task: TABS,
    requests,
    statuses: answersByStatus,
    completions_recorded: completionsRecorded,
    skips_recorded: skipsRecorded,
  });
});

async function send(method: string, path: string, body?: unknown): Promise<Exchange> {
  const headers: [string, string][] = [["Authorization", `Bearer ${token}`]];
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  return exchange(api.url, {
    method,
    path,
    query: "",
    headers,
    body: body === undefined ? null : { text: JSON.stringify(body), chunked: false },
  });
}

function taskOf(answer: Exchange): Task {
  if (answer.json === null || !("value" in answer.json)) throw new Error(answer.text);
  return answer.json.value as Task;
}

describe("suite 12: tabs completing the same task at the same moment", () => {
  it(`complete each task once: ${TABS} tabs, ${TASKS_AT_ONCE} tasks at a time, every frequency, skips among them`, async () => {
    const tasks: Task[] = [];
    for (const frequency of TASK_FREQUENCIES) {
      for (const due_date of DUE_DATES) {
        const created = await send("POST", "/tasks/", {
          title: "Water plants",
          due_date,
          frequency,
          // Every 1, 2 or 3 of the frequency's units (decisions D9).
          interval: 1 + (tasks.length % 3),
        });
        expect(created.status, created.text).toBe(201);
        tasks.push(taskOf(created));
      }
    }

    for (let start = 0; start < tasks.length; start += TASKS_AT_ONCE) {
      const batch = tasks.slice(start, start + TASKS_AT_ONCE);
      const answers = await Promise.all(
        batch.map((task) =>
          Promise.all(
            Array.from({ length: TABS }, (_, tab) => {
              // Every other tab of a recurring task skips it (one that happens once cannot be),
              // the first tab for every other task.
              const skips = (tab + task.id) % 2 === 1 && task.frequency !== "Once";
              const action = skips ? "skip" : "complete";
              return send("POST", `/tasks/${task.id}/${action}`, { due_date: task.due_date });
            }),
          ),
        ),
      );
      batch.forEach((task, i) => {
        const tabs = answers[i] ?? [];
        const [first] = tabs;
        if (first === undefined) throw new Error("no answer");
        for (const answer of tabs) {
          requests += 1;
          answersByStatus[answer.status] = (answersByStatus[answer.status] ?? 0) + 1;
          expect(answer.status, answer.text).toBe(200);
          expect(answer.text, "every tab gets the same task").toBe(first.text);
        }
        // decisions D9: exactly one occurrence on, by the domain's rule.
        const done = completeOccurrence(
          {
            anchorMs: Date.parse(task.due_date),
            frequency: task.frequency,
            interval: task.interval ?? 1,
            occurrence: 0,
          },
          { nowMs: NOW.getTime(), timeZone: "UTC" },
        );
        const answered = taskOf(first);
        expect(Date.parse(answered.due_date)).toBe(done.dueMs);
        expect(answered.completed).toBe(done.completed);
      });
      tasksCompleted += batch.length;
    }

    const recorded = await api.deps.database.db
      .select({
        taskId: tables.taskCompletions.taskId,
        completions: count(),
        skips: count(sql`case when ${tables.taskCompletions.skipped} then 1 end`),
      })
      .from(tables.taskCompletions)
      .where(
        inArray(
          tables.taskCompletions.taskId,
          tasks.map((task) => task.id),
        ),
      )
      .groupBy(tables.taskCompletions.taskId);
    completionsRecorded = recorded.reduce((sum, row) => sum + row.completions, 0);
    skipsRecorded = recorded.reduce((sum, row) => sum + row.skips, 0);
    expect(recorded).toHaveLength(tasks.length);
    const once = new Set(tasks.filter((task) => task.frequency === "Once").map((task) => task.id));
    for (const row of recorded) {
      expect(row.completions, `task ${row.taskId}`).toBe(1);
      // Only a task some tab skipped has its one record a skip.
      if (once.has(row.taskId)) expect(row.skips, `task ${row.taskId}`).toBe(0);
    }
  });

  it("end a series by the end it holds when the completion is written, an edit of it sent at once", async () => {
    // decisions D9: a daily series that ends on its first date's day (completing it ends it) or
    // far later (it does not), and a tab moving that end the other way, or away, as the others
    // complete it.
    const LATER = "2099-12-31";
    const cases = DUE_DATES.flatMap((due) => {
      const day = due.slice(0, 10);
      const due_date = `${day}T08:00:00Z`;
      return [
        { due_date, until: day, movedTo: LATER },
        { due_date, until: LATER, movedTo: day },
        { due_date, until: day, movedTo: null },
      ];
    });
    const made = await Promise.all(
      cases.map(async ({ due_date, until }) => {
        const created = await send("POST", "/tasks/", {
          title: "Take the pills",
          due_date,
          frequency: "Daily",
          repeat_until: until,
        });
        expect(created.status, created.text).toBe(201);
        return taskOf(created);
      }),
    );
    const answers = await Promise.all(
      made.map((task, i) =>
        Promise.all(
          Array.from({ length: TABS }, (_, tab) =>
            tab === 2
              ? send("PATCH", `/tasks/${task.id}`, { repeat_until: cases[i]?.movedTo ?? null })
              : send("POST", `/tasks/${task.id}/complete`, { due_date: task.due_date }),
          ),
        ),
      ),
    );
    for (const [i, task] of made.entries()) {
      for (const answer of answers[i] ?? []) {
        requests += 1;
        answersByStatus[answer.status] = (answersByStatus[answer.status] ?? 0) + 1;
        expect(answer.status, answer.text).toBe(200);
      }
      const now = taskOf(await send("GET", `/tasks/${task.id}`));
      const end = cases[i]?.movedTo ?? null;
      // One day on, and ended exactly when that day is past the end the task holds at last.
      expect(Date.parse(now.due_date) - Date.parse(task.due_date)).toBe(86_400_000);
      expect(now.repeat_until).toBe(end);
      expect(now.completed, JSON.stringify(now)).toBe(
        end !== null && now.due_date.slice(0, 10) > end,
      );
    }
  });
});
