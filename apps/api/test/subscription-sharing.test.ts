// Issue 23, decisions D16: subscriptions shared in a household, by the rules of tasks'
// (task-sharing.test.ts): private unless shared; a shared one is in every member's Family view,
// list and totals, and may be assigned to a member, who may then edit (pause, resume) it; only its
// owner deletes it or changes its sharing.
import {
  type SubscriptionWithSharing,
  SubscriptionWithSharingSchema,
} from "@life-admin/domain/household";
import { describe, expect, it } from "vitest";
import { call, get, post } from "./support/http.js";
import { type Person, as, threeAtHomeAndAStranger } from "./support/households.js";
import { useTestApp } from "./support/test-app.js";

// The API's day is 2026-06-10 (UTC): renewals before it roll forward (decisions D10).
const t = useTestApp({ now: () => new Date("2026-06-10T12:00:00Z") });

const listOf = async (who: Person, query = "") => {
  const answer = await get(t.app, `/subscriptions/${query}`, as(who));
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as SubscriptionWithSharing[]).map((s) => [s.name, s.next_renewal_date]);
};
const totalsOf = async (who: Person, view: "mine" | "family") => {
  const answer = await get(t.app, `/subscriptions/totals?view=${view}`, as(who));
  expect(answer.status).toBe(200);
  return (answer.body as { monthly: number }).monthly;
};
const edit = (who: Person, id: number, body: object) =>
  call(t.app, "PATCH", `/subscriptions/${id}`, { ...as(who), body });

async function createSubscription(who: Person, name: string, rest: object = {}) {
  const answer = await post(t.app, "/subscriptions/", {
    ...as(who),
    body: { name, cost: 10, frequency: "Monthly", next_renewal_date: "2026-07-01", ...rest },
  });
  expect(answer.status, answer.text).toBe(201);
  return SubscriptionWithSharingSchema.parse(answer.body);
}

describe("a subscription's sharing", () => {
  it("shared, is in every member's Family view and family totals; private ones are not", async () => {
    const { owner, member, stranger } = await threeAtHomeAndAStranger(t);
    await createSubscription(owner, "Netflix", { shared: true, cost: 15.99 });
    await createSubscription(owner, "Gym", { cost: 30 });
    await createSubscription(member, "Spotify", { shared: true, cost: 11.99 });
    const family = [
      ["Netflix", "2026-07-01"],
      ["Spotify", "2026-07-01"],
    ];
    expect(await listOf(owner, "?view=family")).toEqual(family);
    expect(await listOf(member, "?view=family")).toEqual(family);
    expect(await listOf(member, "?view=family&priority=High")).toEqual([]);
    expect(await listOf(member)).toEqual([["Spotify", "2026-07-01"]]);
    expect(await totalsOf(member, "family")).toBe(27.98);
    expect(await totalsOf(owner, "mine")).toBe(45.99);
    expect(await listOf(stranger, "?view=family")).toEqual([]);
    expect(await totalsOf(stranger, "family")).toBe(0);
  });

  it("assigned, is the assignee's too: in their list with its renewal rolled forward, and theirs to pause", async () => {
    const { owner, member, other } = await threeAtHomeAndAStranger(t);
    const broadband = await createSubscription(owner, "Broadband", {
      shared: true,
      assignee_id: member.id,
      next_renewal_date: "2026-05-15",
    });
    expect(await listOf(member)).toEqual([["Broadband", "2026-06-15"]]);
    expect(await totalsOf(member, "mine")).toBe(10);

    const paused = await edit(member, broadband.id, { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ active: false, owner_id: owner.id });
    const refused = await edit(other, broadband.id, { active: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: "Only the subscription's owner or the member it is assigned to can change it",
    });
    expect((await edit(member, broadband.id, { assignee_id: null })).status).toBe(403);
    const deletion = await call(t.app, "DELETE", `/subscriptions/${broadband.id}`, as(member));
    expect(deletion.status).toBe(403);
    expect(deletion.body).toEqual({ detail: "Only the subscription's owner can delete it" });
    expect((await get(t.app, `/subscriptions/${broadband.id}`, as(other))).body).toMatchObject({
      active: false,
    });
  });

  it("assigns only once shared and to a member, and stopping sharing takes it back", async () => {
    const { owner, member, stranger } = await threeAtHomeAndAStranger(t);
    const refused = await post(t.app, "/subscriptions/", {
      ...as(owner),
      body: {
        name: "Refused",
        cost: 1,
        frequency: "Monthly",
        next_renewal_date: "2026-07-01",
        shared: true,
        assignee_id: stranger.id,
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      detail: [
        {
          loc: ["body", "assignee_id"],
          msg: "The subscription can be assigned only to a member of your household",
        },
      ],
    });
    const water = await createSubscription(owner, "Water", {
      shared: true,
      assignee_id: member.id,
    });
    const stopped = await edit(owner, water.id, { shared: false });
    expect(stopped.body).toMatchObject({ shared: false, assignee_id: null });
    expect(await listOf(member)).toEqual([]);
    expect((await get(t.app, `/subscriptions/${water.id}`, as(member))).status).toBe(404);
  });
});
