// Issue 23's bench household: six people in one household, each sharing 2,000 tasks and a few
// dozen subscriptions with it, one record in four assigned to another member in turn, so that
// every member's My View holds records of everyone else's. Made through the API as people make
// them: signed in through the local provider, a household created, invited and joined.
import type { SubscriptionCreateBody, TaskCreateBody } from "@life-admin/api-client";
import { householdCalls, type Household } from "@life-admin/api-client/households";
import { createAll, signIn, subscriptionFor, taskFor, type SeededUser } from "./seed.js";

export const HOUSEHOLD = { members: 6, tasksEach: 2_000, subscriptionsEach: 40 };
/** Of each owner's records, the n-th is assigned to another member when n is a multiple of this. */
export const ASSIGNED_EVERY = 4;
/** Records created at once per member (six members: 24 in flight). */
const CREATING_AT_ONCE = 4;

/**
 * Which member (by index) the `owner`'s n-th record is assigned to: every ASSIGNED_EVERY-th goes
 * to the other members in turn, so each is assigned as many as the next; the rest to nobody.
 */
export function assigneeIndex(owner: number, n: number, members: number): number | null {
  if (n % ASSIGNED_EVERY !== 0 || members < 2) return null;
  const turn = (n / ASSIGNED_EVERY) % (members - 1);
  return (owner + 1 + turn) % members;
}

/** Shared with the household, and assigned as the owner's n-th record is (`memberIds` by index). */
function sharing(owner: number, n: number, memberIds: readonly number[]) {
  const assignee = assigneeIndex(owner, n, memberIds.length);
  return { shared: true, assignee_id: assignee === null ? null : (memberIds[assignee] ?? null) };
}

/** The owner's n-th task, shared (titles differ from every other member's). */
export const sharedTaskFor = (
  owner: number,
  n: number,
  memberIds: readonly number[],
  now: Date,
): TaskCreateBody => ({
  ...taskFor(owner * HOUSEHOLD.tasksEach + n, now),
  ...sharing(owner, n, memberIds),
});

/** The owner's n-th subscription, shared as its tasks are. */
export const sharedSubscriptionFor = (
  owner: number,
  n: number,
  memberIds: readonly number[],
  now: Date,
): SubscriptionCreateBody => ({
  ...subscriptionFor(owner * HOUSEHOLD.subscriptionsEach + n, now),
  ...sharing(owner, n, memberIds),
});

export interface HouseholdMember extends SeededUser {
  id: number;
}

/** HOUSEHOLD.members people in one household: the first made it, the others joined by links. */
async function makeHousehold(apiUrl: string): Promise<HouseholdMember[]> {
  const people: SeededUser[] = [];
  for (let i = 0; i < HOUSEHOLD.members; i += 1) {
    people.push(await signIn(apiUrl, `Household Member ${i + 1}`));
  }
  const [owner, ...others] = people.map((person) => householdCalls(person.client));
  if (owner === undefined) throw new Error("a household needs someone to make it");
  let household: Household = await owner.create("Bench Home");
  for (const joining of others) household = await joining.join((await owner.invite()).token);
  const idOf = new Map(household.members.map((m) => [m.full_name, m.user_id]));
  return people.map((person, i) => {
    const id = idOf.get(`Household Member ${i + 1}`);
    if (id === undefined) throw new Error(`member ${i + 1} is not in the household`);
    return { ...person, id };
  });
}

/** The household, every member's shared records created at once (each CREATING_AT_ONCE at a time). */
export async function seedHousehold(apiUrl: string, now = new Date()): Promise<HouseholdMember[]> {
  const members = await makeHousehold(apiUrl);
  const ids = members.map((m) => m.id);
  await Promise.all(
    members.map(async (member, owner) => {
      await createAll(HOUSEHOLD.tasksEach, CREATING_AT_ONCE, (n) =>
        member.client.tasks.create(sharedTaskFor(owner, n, ids, now)),
      );
      await createAll(HOUSEHOLD.subscriptionsEach, CREATING_AT_ONCE, (n) =>
        member.client.subscriptions.create(sharedSubscriptionFor(owner, n, ids, now)),
      );
    }),
  );
  return members;
}
