// Issue 23: the household's bodies and the entities with their sharing, as the API reads them.
import { describe, expect, it } from "vitest";
import {
  HouseholdCreateSchema,
  HouseholdJoinSchema,
  SubscriptionCreateWithSharingSchema,
  SubscriptionWithSharingSchema,
  TaskCreateWithSharingSchema,
  TaskUpdateWithSharingSchema,
  TaskWithSharingSchema,
} from "./household.js";
import { HouseholdSchema } from "./household-answer.js";
import { makeSubscription, makeTask } from "./test-support.js";

const task = { ...makeTask({ frequency: "Once" }), file_id: null };

describe("a household's name", () => {
  it("is trimmed, and required", () => {
    expect(HouseholdCreateSchema.parse({ name: "  The Lovelaces " })).toEqual({
      name: "The Lovelaces",
    });
    const blank = HouseholdCreateSchema.safeParse({ name: " \u200b " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Name is required");
  });

  it("is at most 100 characters", () => {
    expect(HouseholdCreateSchema.safeParse({ name: "a".repeat(100) }).success).toBe(true);
    expect(
      HouseholdCreateSchema.safeParse({ name: "a".repeat(101) }).error?.issues[0]?.message,
    ).toBe("Name must be at most 100 characters");
  });
});

describe("joining", () => {
  it("takes the link's token, trimmed; refuses none, an empty one and a very long one", () => {
    expect(HouseholdJoinSchema.parse({ token: " abc " })).toEqual({ token: "abc" });
    for (const body of [{}, { token: "" }, { token: "x".repeat(201) }, { token: 43 }]) {
      expect(HouseholdJoinSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe("a household", () => {
  it("lists its members with their roles", () => {
    const household = {
      id: 3,
      name: "Home",
      members: [
        { user_id: 1, full_name: "Ada", role: "owner" },
        { user_id: 2, full_name: null, role: "member" },
      ],
    };
    expect(HouseholdSchema.parse(household)).toEqual(household);
    const bad = { ...household, members: [{ user_id: 1, full_name: "Ada", role: "admin" }] };
    expect(HouseholdSchema.safeParse(bad).success).toBe(false);
  });
});

describe("the entities with their sharing", () => {
  it("read whose a task is, whether it is shared and with whom", () => {
    const shared = { ...task, owner_id: 1, shared: true, assignee_id: 2 };
    expect(TaskWithSharingSchema.parse(shared)).toEqual(shared);
    expect(TaskWithSharingSchema.safeParse(task).success).toBe(false);
  });

  it("create private and assigned to no one else unless told", () => {
    const created = TaskCreateWithSharingSchema.parse({
      title: "Renew passport",
      due_date: "2026-03-01T09:00:00Z",
    });
    expect(created).toMatchObject({ shared: false });
    expect(created.assignee_id).toBeUndefined();
    const sub = SubscriptionCreateWithSharingSchema.parse({
      name: "Netflix",
      cost: 9.99,
      next_renewal_date: "2026-03-01",
      shared: true,
      assignee_id: 4,
    });
    expect(sub).toMatchObject({ shared: true, assignee_id: 4 });
  });

  it("edit the sharing alone, or assign back to the owner with null", () => {
    expect(TaskUpdateWithSharingSchema.parse({ shared: false })).toEqual({ shared: false });
    expect(TaskUpdateWithSharingSchema.parse({ assignee_id: null })).toEqual({ assignee_id: null });
    expect(TaskUpdateWithSharingSchema.safeParse({ assignee_id: "2" }).success).toBe(false);
  });

  it("read a subscription's sharing too", () => {
    const subscription = {
      ...makeSubscription(),
      file_id: null,
      owner_id: 1,
      shared: false,
      assignee_id: null,
    };
    expect(SubscriptionWithSharingSchema.parse(subscription)).toEqual(subscription);
  });
});
