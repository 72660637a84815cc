// decisions D9: a task's history (`@life-admin/api-client/task-history`) against the real API in
// process: each completion kept with the date it closed and whether it was a skip, newest first;
// an undone one gone; the
// answer checked against the contract; another person's task a 404 in the API's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidResponseError } from "../src/api-error.js";
import { taskHistoryCalls } from "../src/task-history-calls.js";
import { json, tokenSet } from "../src/test-support/fake-fetch.js";
import { harness } from "../src/test-support/harness.js";
import { type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi(new Date("2026-11-30T12:00:00Z"));
});
afterAll(() => api.close());

describe("a task's history against the real API", () => {
  it("lists the completions newest first with the dates they closed, without the one undone", async () => {
    const { client } = inProcessClient(api, await api.signIn("Ada"));
    const history = taskHistoryCalls(client);
    const task = await client.tasks.create({
      title: "Water the plants",
      due_date: "2026-12-01T00:00:00Z",
      frequency: "Weekly",
    });
    expect(await history.history(task.id)).toEqual({ total: 0, skips: 0, completions: [] });

    await client.tasks.complete(task.id);
    await client.tasks.skip(task.id);
    await client.tasks.complete(task.id);
    await client.tasks.uncomplete(task.id);
    const { total, skips, completions } = await history.history(task.id);
    expect([total, skips]).toEqual([2, 1]);
    expect(completions.map((c) => [c.due_date, c.skipped])).toEqual([
      ["2026-12-08T00:00:00Z", true],
      ["2026-12-01T00:00:00Z", false],
    ]);
    for (const completion of completions) {
      expect(Date.parse(completion.completed_at)).not.toBeNaN();
    }
  });

  it("answers 404 for someone else's task, as for none", async () => {
    const owner = inProcessClient(api, await api.signIn("Owner")).client;
    const task = await owner.tasks.create({ title: "Mine", due_date: "2026-12-01T09:00:00Z" });
    const stranger = taskHistoryCalls(inProcessClient(api, await api.signIn("Stranger")).client);
    await expect(stranger.history(task.id)).rejects.toMatchObject({
      status: 404,
      detail: "Task not found",
    });
  });
});

describe("a task's history answer", () => {
  it("is checked against the contract, each completion named by its place when it strays", async () => {
    const { client } = harness(
      () =>
        json({
          total: 2,
          skips: 0,
          completions: [
            {
              due_date: "2026-12-08T00:00:00Z",
              completed_at: "2026-12-08T09:00:00Z",
              skipped: false,
            },
            { due_date: "2026-12-01T00:00:00Z", completed_at: "yesterday", skipped: false },
          ],
        }),
      tokenSet("first"),
    );
    const failure: unknown = await taskHistoryCalls(client)
      .history(3)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).issues.map((issue) => issue.path)).toEqual([
      "completions[1].completed_at",
    ]);
  });

  it("fails when its completions are no list, rather than reading it as none", async () => {
    const { client } = harness(() => json({ total: 5, skips: 0 }), tokenSet("first"));
    const failure: unknown = await taskHistoryCalls(client)
      .history(3)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).issues).toEqual([
      { path: "completions", message: "Expected a list" },
    ]);
  });
});
