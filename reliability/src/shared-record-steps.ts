// Suite 5's households, the records' steps (issue 23, decisions D16): people make tasks and
// subscriptions shared or not and assigned or not, change their sharing, edit, complete and delete
// them, and read them (and a task's history) by id and in lists. Whether the API lets them is the
// model's to say: the owner does anything, the assignee edits and completes, the rest of the
// household only reads, and everyone else is answered 404, as for an id that does not exist.
import { subscriptionTotals, totalsAnswer, type Frequency, spacedLine } from "@life-admin/domain";
import type fc from "fast-check";
import { expect } from "vitest";
import {
  accessOf,
  type SharingRefusal,
  sharingRefusal,
  hiddenBecause,
  listOf,
  type Access,
  type HouseholdModel,
  type Kind,
  type ModelRecord,
  type Row,
  type View,
} from "./household-model.js";
import { call, counted, expectRefusal, jsonOf, type HouseholdPeople } from "./household-people.js";
import type { Exchange } from "./http-exchange.js";
import {
  expectHistoryOf,
  forgetLatest,
  keepClosing,
  keptCount,
  undoRefusedPastEnd,
} from "./kept-completions.js";

type Step = fc.AsyncCommand<HouseholdModel, HouseholdPeople>;

const NOUN: Record<Kind, string> = { tasks: "task", subscriptions: "subscription" };
const NOT_FOUND: Record<Kind, string> = {
  tasks: "Task not found",
  subscriptions: "Subscription not found",
};
/** The field that carries a record's secret, by kind. */
const MARKED: Record<Kind, "title" | "name"> = { tasks: "title", subscriptions: "name" };
const onlyTheOwner = (kind: Kind) => ({
  change: `Only the ${NOUN[kind]}'s owner or the member it is assigned to can change it`,
  sharing: `Only the ${NOUN[kind]}'s owner can change whether and with whom it is shared`,
  deletion: `Only the ${NOUN[kind]}'s owner can delete it`,
});

/** The run's `index`-th person (steps name people by place, the model by user id). */
export const personAt = (model: HouseholdModel, index: number) => {
  const user = model.people[index % model.people.length];
  if (user === undefined) throw new Error("a run without people");
  return user;
};

/** The assignee sent: the person at `place`, or null or nothing as given. */
const assigneeAt = (model: HouseholdModel, place: number | null | undefined) =>
  place === null || place === undefined ? place : personAt(model, place);

const pathOf = (record: ModelRecord) => `/${record.kind}/${record.row.id}`;
const sharingOf = (row: Row) => ({
  owner_id: row.owner_id,
  shared: row.shared,
  assignee_id: row.assignee_id,
});

/** `user`'s list of `kind` in `view` is exactly the model's, in the API's order. */
export async function expectList(
  model: HouseholdModel,
  people: HouseholdPeople,
  user: number,
  kind: Kind,
  view: View,
) {
  const answer = await call(model, people, user, "GET", `/${kind}/?view=${view}`);
  expect(answer.status, answer.text).toBe(200);
  expect(jsonOf(answer)).toEqual(listOf(model, user, kind, view));
}

/** Every list of `user`'s (both kinds, both views) is the model's. */
export async function expectEveryList(
  model: HouseholdModel,
  people: HouseholdPeople,
  user: number,
) {
  for (const kind of ["tasks", "subscriptions"] as const) {
    for (const view of ["mine", "family"] as const) {
      await expectList(model, people, user, kind, view);
    }
  }
}

/** `user` reads each of `records` by id: as the model has it, or 404 where they cannot reach it. */
export async function expectReads(
  model: HouseholdModel,
  people: HouseholdPeople,
  user: number,
  records: readonly ModelRecord[],
) {
  for (const record of records) {
    const answer = await call(model, people, user, "GET", pathOf(record));
    if (accessOf(model, record, user) === "none") {
      expectRefusal(answer, 404, NOT_FOUND[record.kind]);
      continue;
    }
    expect(answer.status, answer.text).toBe(200);
    expect(jsonOf(answer)).toEqual(record.row);
  }
}

/** After a refusal: the record's owner reads it exactly as the model has it. */
async function expectUnchanged(
  model: HouseholdModel,
  people: HouseholdPeople,
  record: ModelRecord,
) {
  if (record.deleted) return;
  const read = await call(model, people, record.row.owner_id as number, "GET", pathOf(record));
  expect(read.status, read.text).toBe(200);
  expect(jsonOf(read)).toEqual(record.row);
}

/**
 * Which record of the run a step is on: the index-th of them all (deleted ones among them), of
 * those shared, or of those assigned, acted on by their assignee; few records are shared and
 * fewer assigned, and the household's steps are on them.
 */
export interface RecordPick {
  index: number;
  among: "all" | "shared" | "assigned";
}

/**
 * Checks the refusal the model says `answer` is, if any: 404 to whoever cannot reach the record;
 * 403 to the household's others for any change, and to the assignee too for its sharing and its
 * deletion, after which its owner still reads it as it was. False when the change is allowed.
 */
async function refused(
  model: HouseholdModel,
  people: HouseholdPeople,
  answer: Exchange,
  record: ModelRecord,
  access: Access,
  what: "change" | "sharing" | "deletion",
): Promise<boolean> {
  if (access === "none") {
    expectRefusal(answer, 404, NOT_FOUND[record.kind]);
    return true;
  }
  const allowed = access === "owner" || (access === "assignee" && what === "change");
  if (allowed) return false;
  expectRefusal(answer, 403, onlyTheOwner(record.kind)[what]);
  await expectUnchanged(model, people, record);
  return true;
}

/** A step on the picked record of the run (of `kind` when given). */
abstract class OnRecord implements Step {
  constructor(
    readonly who: number,
    readonly pick: RecordPick,
    readonly kind?: Kind,
  ) {}
  check = (model: Readonly<HouseholdModel>) => this.candidates(model).length > 0;
  abstract run(model: HouseholdModel, people: HouseholdPeople): Promise<void>;
  private candidates(model: Readonly<HouseholdModel>) {
    const ofKind = model.records.filter((r) => this.kind === undefined || r.kind === this.kind);
    const among = ofKind.filter((r) =>
      this.pick.among === "shared" ? r.row.shared === true : r.row.assignee_id !== null,
    );
    return this.pick.among === "all" || among.length === 0 ? ofKind : among;
  }
  /** The person, the record, and how the model says the person reaches it. */
  protected picked(model: HouseholdModel) {
    const all = this.candidates(model);
    const record = all[this.pick.index % all.length];
    if (record === undefined) throw new Error("no record to pick");
    const assignee = record.row.assignee_id;
    const user =
      this.pick.among === "assigned" && typeof assignee === "number"
        ? assignee
        : personAt(model, this.who);
    return { user, record, access: accessOf(model, record, user) };
  }
  /** Counts the outcome by how the person reaches the record (and why not, for a 404). */
  protected tally(model: HouseholdModel, step: string, user: number, record: ModelRecord) {
    const access = accessOf(model, record, user);
    const why = access === "none" ? `404 ${hiddenBecause(model, record, user)}` : access;
    counted.steps.add(step);
    counted.outcomes.add(`${step}: ${why}`);
  }
  toString = () =>
    `${this.constructor.name}(${this.who}, ${JSON.stringify(this.pick)}${this.kind ? `, ${this.kind}` : ""})`;
}

/** How a refusal is counted. */
const refusalKind = ({ field, msg }: SharingRefusal) =>
  field === "shared" ? "no household" : msg.startsWith("Share") ? "not shared" : "no member";

/** A person makes a task or subscription, shared or not, assigned to someone or not. */
export class CreateRecord implements Step {
  constructor(
    readonly who: number,
    readonly kind: Kind,
    readonly input: Record<string, unknown>,
    readonly shared: boolean | undefined,
    /** The assignee's place among the people; null sent as null, undefined not sent. */
    readonly assignTo: number | null | undefined,
  ) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add(`create ${NOUN[this.kind]}`);
    const user = personAt(model, this.who);
    const assignee = assigneeAt(model, this.assignTo);
    const secret = `«${model.tag}r${model.records.length + 1}»`;
    const field = MARKED[this.kind];
    const marked = `${secret} ${String(this.input[field])}`;
    const body = {
      ...this.input,
      [field]: marked,
      ...(this.shared === undefined ? {} : { shared: this.shared }),
      ...(this.assignTo === undefined ? {} : { assignee_id: assignee }),
    };
    const shared = this.shared ?? false;
    const refusal = sharingRefusal(model, user, assignee, shared, this.kind);
    const answer = await call(model, people, user, "POST", `/${this.kind}/`, body, secret);
    if (refusal !== null) {
      counted.outcomes.add(`create 422: ${refusalKind(refusal)}`);
      expect(answer.status, answer.text).toBe(422);
      expect(jsonOf(answer)).toMatchObject({
        detail: [{ loc: ["body", refusal.field], msg: refusal.msg }],
      });
      return;
    }
    expect(answer.status, answer.text).toBe(201);
    const row = jsonOf(answer) as Row;
    expect(row[field]).toBe(spacedLine(marked).trim());
    const assigned = assignee === user ? null : (assignee ?? null);
    expect(sharingOf(row)).toEqual({ owner_id: user, shared, assignee_id: assigned });
    counted.outcomes.add(
      `create: ${shared ? (assigned === null ? "shared" : "assigned") : "private"}`,
    );
    model.records.push({ kind: this.kind, row, secret, deleted: false });
  }
  toString = () =>
    `CreateRecord(${this.who}, ${this.kind}, ${JSON.stringify(this.input)}, ${this.shared}, ${this.assignTo})`;
}

/** A person changes whether a record is shared, and with whom: its owner's alone to change. */
export class EditSharing extends OnRecord {
  constructor(
    who: number,
    pick: RecordPick,
    readonly shared: boolean | undefined,
    readonly assignTo: number | null | undefined,
  ) {
    super(who, pick);
  }
  async run(model: HouseholdModel, people: HouseholdPeople) {
    const { user, record, access } = this.picked(model);
    this.tally(model, "edit sharing", user, record);
    const assignee = assigneeAt(model, this.assignTo);
    const edit = {
      ...(this.shared === undefined ? {} : { shared: this.shared }),
      ...(this.assignTo === undefined ? {} : { assignee_id: assignee }),
    };
    const answer = await call(model, people, user, "PATCH", pathOf(record), edit);
    if (await refused(model, people, answer, record, access, "sharing")) return;
    const shared = this.shared ?? record.row.shared === true;
    const refusal = sharingRefusal(model, user, assignee, shared, record.kind);
    if (refusal !== null) {
      counted.outcomes.add(`edit sharing 422: ${refusalKind(refusal)}`);
      expect(answer.status, answer.text).toBe(422);
      expect(jsonOf(answer)).toMatchObject({
        detail: [{ loc: ["body", refusal.field], msg: refusal.msg }],
      });
      return expectUnchanged(model, people, record);
    }
    expect(answer.status, answer.text).toBe(200);
    // To stop sharing gives the record back to its owner; assigned to its owner is to no one else.
    const kept = assignee === undefined ? record.row.assignee_id : assignee;
    const assigned = !shared || kept === user ? null : kept;
    const row = jsonOf(answer) as Row;
    expect(row).toEqual({ ...record.row, shared, assignee_id: assigned });
    record.row = row;
  }
  override toString = () =>
    `EditSharing(${this.who}, ${JSON.stringify(this.pick)}, ${this.shared}, ${this.assignTo})`;
}

/** A person edits a record's title or name and priority (and pauses or resumes a subscription). */
export class EditFields extends OnRecord {
  constructor(
    who: number,
    pick: RecordPick,
    readonly text: string,
    readonly priority: string,
    readonly active: boolean,
  ) {
    super(who, pick);
  }
  async run(model: HouseholdModel, people: HouseholdPeople) {
    const { user, record, access } = this.picked(model);
    this.tally(model, "edit fields", user, record);
    const field = MARKED[record.kind];
    const marked = `${record.secret} ${this.text}`;
    const edit = {
      [field]: marked,
      priority: this.priority,
      ...(record.kind === "subscriptions" ? { active: this.active } : {}),
    };
    const answer = await call(model, people, user, "PATCH", pathOf(record), edit);
    if (await refused(model, people, answer, record, access, "change")) return;
    expect(answer.status, answer.text).toBe(200);
    const row = jsonOf(answer) as Row;
    expect(row).toMatchObject({ ...edit, [field]: spacedLine(marked).trim() });
    expect(sharingOf(row)).toEqual(sharingOf(record.row));
    record.row = row;
  }
  override toString = () =>
    `EditFields(${this.who}, ${JSON.stringify(this.pick)}, ${JSON.stringify(this.text)}, ${this.priority}, ${this.active})`;
}

/**
 * A person completes a task, skips its occurrence (decisions D9: a recurring one's only), or
 * undoes its latest completion or skip: its owner or assignee only.
 */
export class CompleteTask extends OnRecord {
  constructor(
    who: number,
    pick: RecordPick,
    readonly action: "complete" | "skip" | "uncomplete",
  ) {
    super(who, pick, "tasks");
  }
  async run(model: HouseholdModel, people: HouseholdPeople) {
    const { user, record, access } = this.picked(model);
    this.tally(model, this.action, user, record);
    const kept = keptCount(model.completions, record.row.id);
    const answer = await call(model, people, user, "POST", `${pathOf(record)}/${this.action}`, {});
    if (await refused(model, people, answer, record, access, "change")) return;
    const { frequency, completed } = record.row;
    const onceToSkip = this.action === "skip" && frequency === "Once" && completed !== true;
    if ((this.action === "uncomplete" && kept === 0) || onceToSkip) {
      expect(answer.status, answer.text).toBe(409);
      return;
    }
    if (this.action === "uncomplete" && undoRefusedPastEnd(model.completions, record.row)) {
      expect(answer.status, answer.text).toBe(409);
      return;
    }
    expect(answer.status, answer.text).toBe(200);
    const row = jsonOf(answer) as Row;
    expect(sharingOf(row)).toEqual(sharingOf(record.row));
    const changed = JSON.stringify(row) !== JSON.stringify(record.row);
    if (this.action === "uncomplete") forgetLatest(model.completions, row.id);
    else if (changed) keepClosing(model.completions, record.row, this.action === "skip");
    record.row = row;
  }
  override toString = () =>
    `CompleteTask(${this.who}, ${JSON.stringify(this.pick)}, ${this.action})`;
}

/** A person deletes a record: its owner's alone (the assignee and household get 403). */
export class DeleteRecord extends OnRecord {
  async run(model: HouseholdModel, people: HouseholdPeople) {
    const { user, record, access } = this.picked(model);
    this.tally(model, "delete", user, record);
    const answer = await call(model, people, user, "DELETE", pathOf(record));
    if (await refused(model, people, answer, record, access, "deletion")) return;
    expect(answer.status, answer.text).toBe(204);
    record.deleted = true;
  }
}

/** A person reads a record by id: as the model has it, or 404 when they cannot reach it. */
export class ReadRecord extends OnRecord {
  async run(model: HouseholdModel, people: HouseholdPeople) {
    const { user, record } = this.picked(model);
    this.tally(model, "read by id", user, record);
    await expectReads(model, people, user, [record]);
    if (record.kind !== "tasks") return;
    // A task's history: read as the task is (decisions D9), counting every completion kept.
    const history = await call(model, people, user, "GET", `${pathOf(record)}/completions`);
    if (accessOf(model, record, user) === "none") {
      expectRefusal(history, 404, NOT_FOUND.tasks);
      return;
    }
    expect(history.status, history.text).toBe(200);
    expectHistoryOf(model.completions, record.row.id, jsonOf(history));
  }
}

/** A person's list of one kind in one view: exactly the model's. */
export class ListRecords implements Step {
  constructor(
    readonly who: number,
    readonly kind: Kind,
    readonly view: View,
  ) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add(`list ${this.kind} ${this.view}`);
    await expectList(model, people, personAt(model, this.who), this.kind, this.view);
  }
  toString = () => `ListRecords(${this.who}, ${this.kind}, ${this.view})`;
}

/** A person's totals in one view: the active subscriptions of the model's list, summed. */
export class Totals implements Step {
  constructor(
    readonly who: number,
    readonly view: View,
  ) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add(`totals ${this.view}`);
    const user = personAt(model, this.who);
    const answer = await call(
      model,
      people,
      user,
      "GET",
      `/subscriptions/totals?view=${this.view}`,
    );
    expect(answer.status, answer.text).toBe(200);
    const rows = listOf(model, user, "subscriptions", this.view).map((s) => ({
      cost: Number(s.cost),
      frequency: s.frequency as Frequency,
      interval: Number(s.interval),
      active: s.active === true,
    }));
    expect(jsonOf(answer)).toEqual(totalsAnswer(subscriptionTotals(rows)));
  }
  toString = () => `Totals(${this.who}, ${this.view})`;
}
