// Issue 23: the household's calls (`@life-admin/api-client/households`) against the real API in
// process: create, invite, join, remove and leave, the owner's waiting links listed and one
// withdrawn, each answer checked against the contract, and a refusal as the client's ApiError with
// the API's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidResponseError } from "../src/api-error.js";
import { householdCalls } from "../src/household-calls.js";
import { json, tokenSet } from "../src/test-support/fake-fetch.js";
import { harness } from "../src/test-support/harness.js";
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

    expect(await grace.preview(invitation.token)).toEqual({
      household_name: "The Lovelaces",
      invited_by: "Ada",
      expires_at: invitation.expires_at,
    });
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

  it("lists the owner's waiting links as made, and a link withdrawn joins no one", async () => {
    const owner = await householdsOf("Owner of links");
    await owner.create("Links");
    const kept = await owner.invite();
    const withdrawn = await owner.invite();
    const pick = ({ id, created_at, expires_at }: typeof kept) => ({ id, created_at, expires_at });
    expect(await owner.invitations()).toEqual([pick(withdrawn), pick(kept)]);

    await owner.withdraw(withdrawn.id);
    expect(await owner.invitations()).toEqual([pick(kept)]);
    await expect((await householdsOf("Too late")).join(withdrawn.token)).rejects.toMatchObject({
      status: 404,
      detail: "This invitation link is not valid. Ask for a new one.",
    });
    await expect(owner.withdraw(withdrawn.id)).rejects.toMatchObject({
      status: 404,
      detail: "Invitation link not found",
    });
  });

  it("throws a member's refusal to see or withdraw the links as an ApiError", async () => {
    const owner = await householdsOf("Owner");
    await owner.create("Home");
    const member = await householdsOf("Member");
    const link = await owner.invite();
    await member.join((await owner.invite()).token);
    await expect(member.invitations()).rejects.toMatchObject({ status: 403 });
    await expect(member.withdraw(link.id)).rejects.toMatchObject({ status: 403 });
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

describe("the waiting links' answer", () => {
  it("is checked against the contract, naming what strays", async () => {
    const { client } = harness(
      () => json([{ id: 4, created_at: "2026-11-30T09:00:00Z" }]),
      tokenSet("first"),
    );
    const failure: unknown = await householdCalls(client)
      .invitations()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).issues.map((issue) => issue.path)).toEqual([
      "[0].expires_at",
    ]);
  });
});
