// decisions D9, D10: the task and subscription answers carry their schedule's anchor as
// `repeats_from` (read-only), so that a reader projects later occurrences from it, as the API does:
// from 31 January, 28 February is followed by 31 March, not 28 March.
import { SubscriptionSchema, TaskSchema } from "@life-admin/domain";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp({ now: () => new Date("2025-11-15T12:00:00Z") });

describe("repeats_from", () => {
  it("answers a task's anchor, which a completion keeps, in GET /tasks/", async () => {
    const token = (await signInAs(t.deps)).tokens.access_token;
    const body = { title: "Pay rent", due_date: "2026-01-31T09:00:00Z", frequency: "Monthly" };
    const created = TaskSchema.parse((await post(t.app, "/tasks/", { token, body })).body);
    expect(created.repeats_from).toBe("2026-01-31T09:00:00Z");
    await post(t.app, `/tasks/${created.id}/complete`, { token });

    const [listed] = z.array(TaskSchema).parse((await get(t.app, "/tasks/", { token })).body);
    expect(listed).toMatchObject({
      due_date: "2026-02-28T09:00:00Z",
      repeats_from: "2026-01-31T09:00:00Z",
    });
  });

  it("answers the date a subscription's renewals roll from, in GET /subscriptions/", async () => {
    const token = (await signInAs(t.deps)).tokens.access_token;
    const body = { name: "Gym", next_renewal_date: "2025-10-31", cost: 30, frequency: "Monthly" };
    expect((await post(t.app, "/subscriptions/", { token, body })).status).toBe(201);

    const [listed] = z
      .array(SubscriptionSchema)
      .parse((await get(t.app, "/subscriptions/", { token })).body);
    expect(listed).toMatchObject({ next_renewal_date: "2025-11-30", repeats_from: "2025-10-31" });
  });
});
