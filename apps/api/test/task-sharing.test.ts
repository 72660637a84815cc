// Issue 23, decisions D16: tasks shared in a household. Private unless their owner shares them;
// a shared task is in every member's Family view (GET /tasks/?view=family) and may be assigned to
// a member, whose My View (GET /tasks/) then holds it and who may edit and complete it; only its
// owner deletes it or changes its sharing. Leaving or being removed ends all of it at once.
import { type TaskWithSharing, TaskWithSharingSchema } from "@life-admin/domain/household";
import { describe, expect, it } from "vitest";
import { pdfBill } from "./support/documents.js";
import { call, get, post } from "./support/http.js";
import { type Person, as, newPerson, threeAtHomeAndAStranger } from "./support/households.js";
import { useTestApp } from "./support/test-app.js";
import { upload } from "./support/uploads.js";

const t = useTestApp();

const person = () => newPerson(t);
const listOf = async (who: Person, view?: "mine" | "family") => {
  const answer = await get(t.app, view === undefined ? "/tasks/" : `/tasks/?view=${view}`, as(who));
  expect(answer.status).toBe(200);
  return (answer.body as TaskWithSharing[]).map((task) => task.title);
};
const read = (who: Person, id: number) => get(t.app, `/tasks/${id}`, as(who));
const edit = (who: Person, id: number, body: object) =>
  call(t.app, "PATCH", `/tasks/${id}`, { ...as(who), body });
const complete = (who: Person, id: number) => post(t.app, `/tasks/${id}/complete`, as(who));
const remove = (who: Person, id: number) => call(t.app, "DELETE", `/tasks/${id}`, as(who));

async function createTask(who: Person, title: string, sharing: object = {}) {
  const answer = await post(t.app, "/tasks/", {
    ...as(who),
    body: { title, due_date: "2031-02-01T09:00:00Z", frequency: "Once", ...sharing },
  });
  expect(answer.status, answer.text).toBe(201);
  return TaskWithSharingSchema.parse(answer.body);
}

const household = () => threeAtHomeAndAStranger(t);

describe("a task's sharing", () => {
  it("is private by default: in no one's Family view, and a 404 to the other members", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Private");
    expect(task).toMatchObject({ owner_id: owner.id, shared: false, assignee_id: null });
    expect(await listOf(member, "family")).toEqual([]);
    expect(await listOf(owner, "family")).toEqual([]);
    expect((await read(member, task.id)).status).toBe(404);
    expect((await edit(member, task.id, { title: "Mine now" })).status).toBe(404);
  });

  it("shared, is in every member's Family view and readable by id, but in no other household's", async () => {
    const { owner, member, other, stranger } = await household();
    const task = await createTask(owner, "Bins out", { shared: true });
    for (const who of [owner, member, other]) {
      expect(await listOf(who, "family")).toEqual(["Bins out"]);
    }
    expect(await listOf(member)).toEqual([]);
    const seen = await read(member, task.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(task);
    expect(await listOf(stranger, "family")).toEqual([]);
    expect((await read(stranger, task.id)).status).toBe(404);
  });

  it("assigned, is in the assignee's My View; they edit and complete it, others in the household only see it", async () => {
    const { owner, member, other } = await household();
    const task = await createTask(owner, "Renew the car insurance", {
      shared: true,
      assignee_id: member.id,
    });
    expect(task).toMatchObject({ shared: true, assignee_id: member.id });
    expect(await listOf(member)).toEqual(["Renew the car insurance"]);
    expect(await listOf(other)).toEqual([]);

    const edited = await edit(member, task.id, { title: "Renew the car insurance (Direct)" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      owner_id: owner.id,
      title: "Renew the car insurance (Direct)",
    });
    const done = await complete(member, task.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ completed: true });
    expect((await post(t.app, `/tasks/${task.id}/uncomplete`, as(member))).status).toBe(200);

    const refused = await edit(other, task.id, { title: "Not yours" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: "Only the task's owner or the member it is assigned to can change it",
    });
    expect((await complete(other, task.id)).status).toBe(403);
    expect((await read(owner, task.id)).body).toMatchObject({
      title: "Renew the car insurance (Direct)",
      completed: false,
    });
  });

  it("is the owner's alone to change or delete: the assignee gets 403 and nothing changes", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Book the boiler service", {
      shared: true,
      assignee_id: member.id,
    });
    for (const change of [{ shared: false }, { assignee_id: null }, { assignee_id: member.id }]) {
      const refused = await edit(member, task.id, change);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        detail: "Only the task's owner can change whether and with whom it is shared",
      });
    }
    const deletion = await remove(member, task.id);
    expect(deletion.status).toBe(403);
    expect(deletion.body).toEqual({ detail: "Only the task's owner can delete it" });
    expect((await read(owner, task.id)).body).toEqual(task);
  });

  it("links its file only by its owner: the assignee's own file or the owner's gets 403, and nothing changes", async () => {
    const { owner, member } = await household();
    const ownersFile = await upload(t.app, owner.tokens.access_token, await pdfBill());
    const membersFile = await upload(t.app, member.tokens.access_token, await pdfBill());
    const task = await createTask(owner, "Pay the water bill", {
      shared: true,
      assignee_id: member.id,
      file_id: ownersFile.file.id,
    });
    for (const file_id of [membersFile.file.id, ownersFile.file.id, null]) {
      const refused = await edit(member, task.id, { title: "Paid", file_id });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        detail: "Only the task's owner can change the file it was made from",
      });
    }
    expect((await read(owner, task.id)).body).toEqual(task);
    expect((await edit(owner, task.id, { file_id: null })).body).toMatchObject({ file_id: null });
  });

  it("assigns only to a member of the owner's household, and only once shared (422 naming assignee_id)", async () => {
    const { owner, member, stranger } = await household();
    const cases: [object, string][] = [
      [
        { assignee_id: member.id },
        "Share the task with your household to assign it to someone else",
      ],
      [
        { shared: true, assignee_id: stranger.id },
        "The task can be assigned only to a member of your household",
      ],
      [
        { shared: true, assignee_id: 2147483648 },
        "The task can be assigned only to a member of your household",
      ],
    ];
    for (const [sharing, msg] of cases) {
      const answer = await post(t.app, "/tasks/", {
        ...as(owner),
        body: { title: "Refused", due_date: "2031-02-01T09:00:00Z", ...sharing },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ detail: [{ loc: ["body", "assignee_id"], msg }] });
    }
    expect(await listOf(owner)).toEqual([]);
    const mine = await createTask(owner, "Assigned to myself", {
      shared: true,
      assignee_id: owner.id,
    });
    expect(mine.assignee_id).toBeNull();
  });

  it("refuses an assignee sent for a task left unshared (422), as at its creation, and changes nothing", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Book the boiler service");
    for (const body of [{ assignee_id: member.id }, { shared: false, assignee_id: member.id }]) {
      const refused = await edit(owner, task.id, body);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body).toMatchObject({
        detail: [
          {
            loc: ["body", "assignee_id"],
            msg: "Share the task with your household to assign it to someone else",
          },
        ],
      });
    }
    expect(await listOf(member)).toEqual([]);
    const toThemselves = await edit(owner, task.id, { assignee_id: owner.id });
    expect(toThemselves.body).toMatchObject({ shared: false, assignee_id: null });
  });

  it("stopped by the owner, takes the task out of the household and back from its assignee at once", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Pay the window cleaner", {
      shared: true,
      assignee_id: member.id,
    });
    expect(await listOf(member, "family")).toEqual(["Pay the window cleaner"]);
    const stopped = await edit(owner, task.id, { shared: false });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ shared: false, assignee_id: null });
    expect(await listOf(member)).toEqual([]);
    expect(await listOf(member, "family")).toEqual([]);
    expect((await read(member, task.id)).status).toBe(404);

    const again = await edit(owner, task.id, { shared: true, assignee_id: member.id });
    expect(again.body).toMatchObject({ shared: true, assignee_id: member.id });
    expect(await listOf(member)).toEqual(["Pay the window cleaner"]);
  });

  it("follows every change in the Family view kept for the household (its revision moves on)", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Before", { shared: true });
    expect(await listOf(member, "family")).toEqual(["Before"]);
    await edit(owner, task.id, { title: "After" });
    expect(await listOf(member, "family")).toEqual(["After"]);
    await createTask(member, "Member's own", { shared: true });
    expect(await listOf(owner, "family")).toEqual(["After", "Member's own"]);
    expect((await remove(owner, task.id)).status).toBe(204);
    expect(await listOf(member, "family")).toEqual(["Member's own"]);
  });

  it("ends for a member who leaves or is removed: what they shared leaves with them, what was assigned to them goes back", async () => {
    const { owner, member, other } = await household();
    const theirs = await createTask(member, "Member's shared", { shared: true });
    const assigned = await createTask(owner, "Assigned to member", {
      shared: true,
      assignee_id: member.id,
    });
    const others = await createTask(other, "Other's shared", { shared: true });
    expect(await listOf(owner, "family")).toHaveLength(3);

    expect(
      (await call(t.app, "DELETE", `/households/me/members/${member.id}`, as(owner))).status,
    ).toBe(204);
    expect(await listOf(owner, "family")).toEqual(["Assigned to member", "Other's shared"]);
    expect((await read(owner, assigned.id)).body).toMatchObject({ assignee_id: null });
    expect(await listOf(member)).toEqual(["Member's shared"]);
    expect((await read(member, theirs.id)).body).toMatchObject({ shared: false });
    expect(await listOf(member, "family")).toEqual([]);
    expect((await read(member, others.id)).status).toBe(404);
    expect((await edit(member, assigned.id, { title: "Too late" })).status).toBe(404);

    expect((await post(t.app, "/households/me/leave", as(other))).status).toBe(204);
    expect(await listOf(owner, "family")).toEqual(["Assigned to member"]);
  });

  it("is edited with every field at once, and with every field but one: each set its own statement", async () => {
    const { owner, member } = await household();
    const task = await createTask(owner, "Every field", { shared: true });
    const every = {
      title: "Every field",
      notes: "n",
      due_date: "2031-03-01T09:00:00Z",
      frequency: "Daily",
      priority: "High",
      category: null,
      file_id: null,
      shared: true,
      assignee_id: member.id,
    };
    // Sent as JSON: the field left undefined is left out. Both names began with the same 63
    // characters, and PostgreSQL keeps no more of a statement's name.
    const allButTitle = { ...every, title: undefined };
    for (const body of [every, allButTitle, { ...every, assignee_id: null }]) {
      const answer = await edit(owner, task.id, body);
      expect(answer.status, answer.text).toBe(200);
    }
  });

  it("is refused (422 naming shared) to a person in no household: it would show in whichever household they join", async () => {
    const loner = await person();
    const refused = await post(t.app, "/tasks/", {
      ...as(loner),
      body: { title: "Alone", due_date: "2031-02-01T09:00:00Z", shared: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      detail: [
        { loc: ["body", "shared"], msg: "Create or join a household before sharing the task" },
      ],
    });
    const task = await createTask(loner, "Alone");
    expect((await edit(loner, task.id, { shared: true })).status).toBe(422);
    expect(await read(loner, task.id)).toMatchObject({ body: { shared: false } });
    expect(await listOf(loner, "mine")).toEqual(["Alone"]);
  });

  it("answers an empty Family view to a person in no household, and 422 for another view", async () => {
    const loner = await person();
    await createTask(loner, "Alone");
    expect(await listOf(loner, "family")).toEqual([]);
    expect(await listOf(loner, "mine")).toEqual(["Alone"]);
    const refused = await get(t.app, "/tasks/?view=everyone", as(loner));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ detail: [{ loc: ["query", "view"] }] });
  });
});
