// Issue 23: the bell's calls (`@life-admin/api-client/reminders`) in a view, against the real API in
// process: My View when called as before (no view), the household's with { view: "family" };
// a mark made in one view stays when the other is marked read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataOf } from "../src/data-of.js";
import { reminderCalls } from "../src/reminder-calls.js";
import { type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const unread = (list: { title: string; read: boolean }[]) =>
  list
    .filter((n) => !n.read)
    .map((n) => n.title)
    .sort();

describe("reminder calls in a household (issue 23)", () => {
  it("list and mark My View's reminders by default and the household's with view: family", async () => {
    const adaClient = inProcessClient(api, await api.signIn("Ada Reminded")).client;
    const graceClient = inProcessClient(api, await api.signIn("Grace Reminded")).client;
    // The household made through the contract's own paths: the household module, once loaded,
    // makes the plain calls expect the sharing fields in every worker's later files too.
    await adaClient.http.POST("/households/", { body: { name: "Reminded" } });
    const link = dataOf("invite", await adaClient.http.POST("/households/me/invitations"));
    const joined = await graceClient.http.POST("/households/join", { body: { token: link.token } });
    const graceId = dataOf("join", joined).members[1]?.user_id ?? 0;
    // Long overdue, whatever today is.
    const body = { due_date: "2026-01-05T09:00:00Z", frequency: "Once" as const };
    await adaClient.tasks.create({ ...body, title: "Water the plants", shared: true });
    await adaClient.tasks.create({
      ...body,
      title: "Book the boiler service",
      shared: true,
      assignee_id: graceId,
    });

    const grace = reminderCalls(graceClient);
    expect((await grace.notifications()).map((n) => n.title)).toEqual(["Book the boiler service"]);
    expect(unread(await grace.notifications({ view: "family" }))).toEqual([
      "Book the boiler service",
      "Water the plants",
    ]);

    await grace.markRead("all", { view: "family" });
    await grace.markRead("all");
    expect(unread(await grace.notifications({ view: "family" }))).toEqual([]);
    expect(unread(await grace.notifications({ view: "mine" }))).toEqual([]);
  });
});
