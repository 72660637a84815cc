// Issue 23: the household's calls (`@life-admin/api-client/households`) against the real API in
// process: create, invite, join, remove and leave, each answer checked against the contract, and a
// refusal as the client's ApiError with the API's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { householdCalls } from "../src/household-calls.js";
import { type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const householdsOf = async (name: string) =>
  householdCalls(inProcessClient(api, await api.signIn(name)).client);

describe("households against the real API (issue 23)", () => {
  it("creates a household, invites by link, and the invited person joins, is removed, and the owner leaves", async () => {
    const ada = await householdsOf("Ada");
    const grace = await householdsOf("Grace");
    expect(await ada.mine()).toBeNull();

    const made = await ada.create("The Lovelaces");
    expect(made.members.map((m) => [m.full_name, m.role])).toEqual([["Ada", "owner"]]);
    const invitation = await ada.invite();
    expect(invitation.url.endsWith(`/join#${invitation.token}`)).toBe(true);

    const joined = await grace.join(invitation.token);
    expect(joined.id).toBe(made.id);
    expect(joined.members.map((m) => [m.full_name, m.role])).toEqual([
      ["Ada", "owner"],
      ["Grace", "member"],
    ]);
    expect(await grace.mine()).toEqual(joined);

    const graceId = joined.members[1]?.user_id ?? 0;
    await ada.remove(graceId);
    expect(await grace.mine()).toBeNull();
    await ada.leave();
    expect(await ada.mine()).toBeNull();
  });

  it("throws a used link's refusal as an ApiError with the API's detail", async () => {
    const owner = await householdsOf("Owner");
    await owner.create("Home");
    const { token } = await owner.invite();
    await (await householdsOf("First")).join(token);
    await expect((await householdsOf("Second")).join(token)).rejects.toMatchObject({
      status: 410,
      detail: "This invitation link has already been used. Ask for a new one.",
    });
  });

  it("reads each view's records with their sharing, which the plain calls drop until it is loaded", async () => {
    const adaClient = inProcessClient(api, await api.signIn("Ada Shares")).client;
    const graceClient = inProcessClient(api, await api.signIn("Grace Shares")).client;
    const ada = householdCalls(adaClient);
    const grace = householdCalls(graceClient);
    await ada.create("Sharers");
    const household = await grace.join((await ada.invite()).token);
    const [adaId, graceId] = household.members.map((member) => member.user_id);
    const body = { due_date: "2027-01-05T09:00:00Z", frequency: "Once" as const };
    await adaClient.tasks.create({ ...body, title: "Ada's own" });
    const shared = await adaClient.tasks.create({
      ...body,
      title: "Water the plants",
      shared: true,
      assignee_id: graceId,
    });
    await adaClient.subscriptions.create({
      name: "Netflix",
      cost: 9.99,
      next_renewal_date: "2027-01-10",
      shared: true,
    });

    const family = await grace.tasks("family");
    expect(family.map((t) => [t.title, t.owner_id, t.shared, t.assignee_id])).toEqual([
      ["Water the plants", adaId, true, graceId],
    ]);
    expect((await grace.tasks("mine")).map((t) => t.title)).toEqual(["Water the plants"]);
    expect((await ada.tasks("mine")).map((t) => t.title)).toEqual([
      "Ada's own",
      "Water the plants",
    ]);
    const subscriptions = await grace.subscriptions("family");
    expect(subscriptions.map((s) => [s.name, s.owner_id, s.shared, s.assignee_id])).toEqual([
      ["Netflix", adaId, true, null],
    ]);
    expect(await grace.task(shared.id)).toMatchObject({ owner_id: adaId, assignee_id: graceId });
    expect(await grace.subscription(subscriptions[0]?.id ?? 0)).toMatchObject({ shared: true });
    // Loaded, the module keeps the sharing on the plain calls' answers too.
    expect(await graceClient.tasks.complete(shared.id)).toMatchObject({ assignee_id: graceId });
  });
});
