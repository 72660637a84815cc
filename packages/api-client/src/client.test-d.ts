// Type-level behaviour: results are typed from the contract (schema.d.ts), the contract agrees
// with the domain's schemas, and a wrong body does not compile.
import type {
  Frequency,
  Priority,
  Subscription,
  SubscriptionCreateInput,
  SubscriptionTotalsAnswer,
  SubscriptionUpdate,
  Task,
  TaskCompletion,
  TaskCreateInput,
  TaskUpdate,
  TokenSet,
  User,
} from "@life-admin/domain";
import type { SubscriptionWithSharing, TaskWithSharing } from "@life-admin/domain/household";
import { describe, expectTypeOf, it } from "vitest";
import {
  createLifeAdminClient,
  memoryTokenStore,
  type ApiErrorDetail,
  type SessionCheck,
  type SubscriptionUpdateBody,
  type TaskUpdateBody,
} from "./index.js";
import type { components } from "./schema.js";

type Schemas = components["schemas"];

const client = createLifeAdminClient({ baseUrl: "http://api.test", tokens: memoryTokenStore() });

describe("results are typed from the contract", () => {
  // The domain's entities: the contract's, less their sharing (issue 23), which these calls drop.
  it("types lists and created records as the contract's entities", () => {
    expectTypeOf(client.tasks.list()).resolves.toEqualTypeOf<Task[]>();
    expectTypeOf(client.tasks.create).returns.resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.subscriptions.list()).resolves.toEqualTypeOf<Subscription[]>();
    expectTypeOf(client.subscriptions.create).returns.resolves.toEqualTypeOf<Subscription>();
    expectTypeOf(client.users.me()).resolves.toEqualTypeOf<Schemas["User"]>();
    expectTypeOf(client.auth.googleLoginUrl("challenge")).resolves.toEqualTypeOf<string>();
    expectTypeOf(client.auth.refresh()).resolves.toEqualTypeOf<Schemas["TokenSet"]>();
    expectTypeOf(client.auth.logout()).resolves.toBeVoid();
  });

  it("types one record's reads, edits, completions and deletions (issue 18)", () => {
    expectTypeOf(client.tasks.get(1)).resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.tasks.update).parameters.toEqualTypeOf<[number, TaskUpdateBody]>();
    expectTypeOf(client.tasks.update(1, {})).resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.tasks.remove(1)).resolves.toBeVoid();
    expectTypeOf(client.tasks.complete).parameters.toEqualTypeOf<[number, (string | undefined)?]>();
    expectTypeOf(client.tasks.complete(1)).resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.tasks.skip(1, "2026-03-01T09:00:00Z")).resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.tasks.uncomplete(1)).resolves.toEqualTypeOf<Task>();
    expectTypeOf(client.subscriptions.get(1)).resolves.toEqualTypeOf<Subscription>();
    expectTypeOf(client.subscriptions.update).parameter(1).toEqualTypeOf<SubscriptionUpdateBody>();
    expectTypeOf(client.subscriptions.remove(1)).resolves.toBeVoid();
    expectTypeOf(client.subscriptions.totals()).resolves.toEqualTypeOf<{
      monthly: number;
      yearly: number;
      active_count: number;
    }>();
  });

  it("narrows a task's fields to the contract's enums", () => {
    expectTypeOf<Task["priority"]>().toEqualTypeOf<"Low" | "Medium" | "High">();
    expectTypeOf<Task["due_date"]>().toEqualTypeOf<string>();
    expectTypeOf<Task["category"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Task["frequency"]>().toEqualTypeOf<
      "Once" | "Daily" | "Weekly" | "Monthly" | "Yearly"
    >();
    expectTypeOf<Subscription["active"]>().toEqualTypeOf<boolean>();
  });

  it("reports what checkSession did as a closed set", () => {
    expectTypeOf(client.checkSession).parameter(0).toEqualTypeOf<Date>();
    expectTypeOf(client.checkSession(new Date())).resolves.toEqualTypeOf<SessionCheck>();
    expectTypeOf<SessionCheck>().toEqualTypeOf<
      "no-session" | "valid" | "refreshed" | "refresh-in-progress" | "ended"
    >();
  });

  it("types an error's detail as FastAPI's text or 422 list", () => {
    expectTypeOf<ApiErrorDetail>().toEqualTypeOf<string | Schemas["ValidationError"][]>();
  });
});

describe("the contract agrees with the domain's schemas", () => {
  it("reads the same entities the domain validates", () => {
    // Issue 23: the contract's entities carry their sharing; the client's calls answer the
    // entities without it (the answer checked against the domain's schema, unknown fields dropped).
    expectTypeOf<Schemas["Task"]>().toEqualTypeOf<TaskWithSharing>();
    expectTypeOf<Schemas["Subscription"]>().toEqualTypeOf<SubscriptionWithSharing>();
    expectTypeOf<Schemas["User"]>().toEqualTypeOf<User>();
    expectTypeOf<Schemas["TokenSet"]>().toEqualTypeOf<TokenSet>();
    expectTypeOf<Schemas["Frequency"]>().toEqualTypeOf<Frequency>();
    expectTypeOf<Schemas["Priority"]>().toEqualTypeOf<Priority>();
  });

  it("accepts what the domain's create schemas accept", () => {
    expectTypeOf<TaskCreateInput>().toExtend<Schemas["TaskCreate"]>();
    expectTypeOf<Schemas["TaskCreate"]>().toExtend<TaskCreateInput>();
    expectTypeOf<SubscriptionCreateInput>().toExtend<Schemas["SubscriptionCreate"]>();
    expectTypeOf<Schemas["SubscriptionCreate"]>().toExtend<SubscriptionCreateInput>();
  });

  it("accepts what the domain's edit schemas accept, and answers the totals it describes", () => {
    expectTypeOf<TaskUpdate>().toExtend<TaskUpdateBody>();
    expectTypeOf<TaskUpdateBody>().toExtend<TaskUpdate>();
    expectTypeOf<SubscriptionUpdate>().toExtend<SubscriptionUpdateBody>();
    expectTypeOf<SubscriptionUpdateBody>().toExtend<SubscriptionUpdate>();
    expectTypeOf<Schemas["TaskCompletion"]>().toEqualTypeOf<TaskCompletion>();
    expectTypeOf<Schemas["SubscriptionTotals"]>().toEqualTypeOf<SubscriptionTotalsAnswer>();
  });
});

describe("a wrong body does not compile", () => {
  it("refuses a task without a due date, with an unknown priority, or with a number for a title", () => {
    // @ts-expect-error due_date is required
    void client.tasks.create({ title: "Renew passport" });
    // @ts-expect-error "Urgent" is not a priority
    void client.tasks.create({ title: "x", due_date: "2026-03-01T00:00:00Z", priority: "Urgent" });
    // @ts-expect-error a title is text
    void client.tasks.create({ title: 1, due_date: "2026-03-01T00:00:00Z" });
    void client.tasks.create({ title: "x", due_date: "2026-03-01T00:00:00Z" });
  });

  it("refuses a subscription with a cost in text or an unknown frequency filter", () => {
    // @ts-expect-error cost is a number
    void client.subscriptions.create({ name: "N", next_renewal_date: "2026-03-05", cost: "9.99" });
    // @ts-expect-error "Hourly" is not a frequency
    void client.subscriptions.list({ frequency: "Hourly" });
    void client.subscriptions.list({ frequency: "Monthly" });
  });

  it("refuses an edit with a wrong field, an id in text, or a subscription that happens once", () => {
    // @ts-expect-error a task's title cannot be cleared
    void client.tasks.update(1, { title: null });
    // @ts-expect-error ids are numbers
    void client.tasks.get("1");
    // @ts-expect-error only tasks may happen once
    void client.subscriptions.update(1, { frequency: "Once" });
    // @ts-expect-error active is true or false
    void client.subscriptions.update(1, { active: "no" });
    void client.tasks.update(1, { frequency: "Once", notes: null, category: null });
    void client.subscriptions.update(1, { active: false, cancel_link: null });
  });
});
