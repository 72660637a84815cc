// The household the bench measures (issue 23) is the one the issue names: every record shared,
// and the assignments spread so that each member's My View holds as many of the others' tasks.
import {
  SubscriptionCreateWithSharingSchema,
  TaskCreateWithSharingSchema,
} from "@life-admin/domain/household";
import { describe, expect, it } from "vitest";
import {
  ASSIGNED_EVERY,
  HOUSEHOLD,
  assigneeIndex,
  sharedSubscriptionFor,
  sharedTaskFor,
} from "../src/support/household-seed.js";

const NOW = new Date("2026-11-21T09:30:00Z");
const IDS = [11, 12, 13, 14, 15, 16];
const owners = IDS.map((_, owner) => owner);

describe("the bench's household", () => {
  const tasks = owners.flatMap((owner) =>
    Array.from({ length: HOUSEHOLD.tasksEach }, (_, n) => ({
      owner: IDS[owner],
      task: sharedTaskFor(owner, n, IDS, NOW),
    })),
  );

  it("shares every record, as creates the API accepts", () => {
    for (const { task } of tasks) {
      expect(task.shared).toBe(true);
      expect(TaskCreateWithSharingSchema.safeParse(task).success).toBe(true);
    }
    const subscription = sharedSubscriptionFor(2, 0, IDS, NOW);
    expect(SubscriptionCreateWithSharingSchema.safeParse(subscription).success).toBe(true);
    expect(subscription.assignee_id).not.toBeNull();
  });

  it("assigns one task in four, never to its owner, and as many to each member", () => {
    const assigned = tasks.filter(({ task }) => task.assignee_id !== null);
    expect(assigned).toHaveLength(tasks.length / ASSIGNED_EVERY);
    expect(assigned.every(({ owner, task }) => task.assignee_id !== owner)).toBe(true);
    const perMember = IDS.map((id) => assigned.filter(({ task }) => task.assignee_id === id));
    expect(perMember.map((theirs) => theirs.length)).toEqual(IDS.map(() => 500));
    // From each of the other five members: a My View with records of everyone else's.
    expect(new Set(perMember[0]?.map(({ owner }) => owner))).toEqual(new Set(IDS.slice(1)));
  });

  it("gives each member's tasks titles of their own", () => {
    expect(new Set(tasks.map(({ task }) => task.title)).size).toBe(tasks.length);
  });

  it("assigns nothing in a household of one", () => {
    expect(assigneeIndex(0, 0, 1)).toBeNull();
  });
});
