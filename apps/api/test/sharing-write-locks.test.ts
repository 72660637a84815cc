// Issue 23: members writing records assigned to each other at the same moment. On PostgreSQL a
// task of A's assigned to B and one of B's assigned to A each locked its owner's row first and
// then the other's, and deadlocked (a 500; found by the household bench). The rows are now locked
// by ascending id in every create and edit (http/row-caps.ts, migration 0013). PGlite runs one
// statement at a time, so the deadlock shows only with TEST_DATABASE_URL.
import { describe, expect, it } from "vitest";
import { call, post } from "./support/http.js";
import { type Person, as, makeHousehold, newPerson } from "./support/households.js";
import { useTestApp } from "./support/test-app.js";

const t = useTestApp();
const AT_ONCE = 40;

const taskAssignedTo = (owner: Person, assignee: Person, n: number) =>
  post(t.app, "/tasks/", {
    ...as(owner),
    body: {
      title: `Chore ${n}`,
      due_date: "2026-07-01T09:00:00Z",
      frequency: "Once",
      priority: "Medium",
      shared: true,
      assignee_id: assignee.id,
    },
  });

describe("members writing records assigned to each other at once", () => {
  it("all succeed: creates, the owner's edits and the assignee's", async () => {
    const [a, b] = [await newPerson(t, "Alex"), await newPerson(t, "Bo")];
    await makeHousehold(t, a, [b]);

    const created = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) =>
        n % 2 === 0 ? taskAssignedTo(a, b, n) : taskAssignedTo(b, a, n),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(created.map(() => 201));

    const edited = await Promise.all(
      created.map((answer, n) => {
        const { id } = answer.body as { id: number };
        const [owner, assignee] = n % 2 === 0 ? [a, b] : [b, a];
        // Half by their owners, half by their assignees: each edit touches both people's rows.
        const who = n % 4 < 2 ? owner : assignee;
        return call(t.app, "PATCH", `/tasks/${id}`, { ...as(who), body: { title: `Edit ${n}` } });
      }),
    );
    expect(edited.map((answer) => answer.status)).toEqual(edited.map(() => 200));

    const subscriptions = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) => {
        const [owner, assignee] = n % 2 === 0 ? [a, b] : [b, a];
        return post(t.app, "/subscriptions/", {
          ...as(owner),
          body: {
            name: `Streaming ${n}`,
            cost: 9.99,
            frequency: "Monthly",
            next_renewal_date: "2026-07-01",
            shared: true,
            assignee_id: assignee.id,
          },
        });
      }),
    );
    expect(subscriptions.map((answer) => answer.status)).toEqual(subscriptions.map(() => 201));
  });
});
