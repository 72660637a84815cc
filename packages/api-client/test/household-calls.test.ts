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
});
