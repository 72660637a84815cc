// Suite 5's households (issue 23, decisions D16): a model of who is in which household, which
// links are waiting, and every task and subscription made, from which it says what the API must
// answer each person: their lists by view, a record by id, who may change it, and the marks of
// text they may read (none of an unshared record's, another household's, a stranger's name).
import type { Household } from "@life-admin/domain/household";
import type { KeptCompletions } from "./kept-completions.js";

export type Kind = "tasks" | "subscriptions";
export type Row = Record<string, unknown> & { id: number };
export type View = "mine" | "family";

export interface ModelRecord {
  kind: Kind;
  /** The record as the API last answered it (owner_id, shared and assignee_id among its fields). */
  row: Row;
  /** Text in its title or name that no other record holds. */
  secret: string;
  deleted: boolean;
}

export interface ModelHousehold {
  id: number;
  name: string;
  owner: number;
  /** Every member's user id (the owner's too), in the order they joined. */
  members: number[];
  /** The last member left: the household and its links are gone. */
  ended: boolean;
}

export interface ModelInvitation {
  token: string;
  household: ModelHousehold;
  used: boolean;
}

export interface HouseholdModel {
  /** The run's mark in every secret and household name, so that no two runs share one. */
  tag: string;
  /** The people of the run, by user id. */
  people: number[];
  fullNames: Map<number, string>;
  households: ModelHousehold[];
  invitations: ModelInvitation[];
  records: ModelRecord[];
  /** Each task's completions (and skips) that an undo may take back (decisions D9). */
  completions: KeptCompletions;
}

/** How a person reaches a record: the API's household-scope, said once more in plain terms. */
export type Access = "owner" | "assignee" | "viewer" | "none";

export const householdOf = (model: HouseholdModel, user: number) =>
  model.households.find((h) => !h.ended && h.members.includes(user));

const ownerOf = (record: ModelRecord) => record.row.owner_id as number;

/** Shared by its owner into the household `user` is in (the owner's own shared ones too). */
function sharedWith(model: HouseholdModel, record: ModelRecord, user: number): boolean {
  if (record.deleted || record.row.shared !== true) return false;
  const theirs = householdOf(model, ownerOf(record));
  return theirs !== undefined && theirs === householdOf(model, user);
}

export function accessOf(model: HouseholdModel, record: ModelRecord, user: number): Access {
  if (record.deleted) return "none";
  if (ownerOf(record) === user) return "owner";
  if (!sharedWith(model, record, user)) return "none";
  return record.row.assignee_id === user ? "assignee" : "viewer";
}

/** Why a person may not see a record, for the figures: the 404s of each sort. */
export function hiddenBecause(model: HouseholdModel, record: ModelRecord, user: number): string {
  if (record.deleted) return "deleted";
  if (record.row.shared !== true) return "never shared";
  const theirs = householdOf(model, ownerOf(record));
  if (theirs === undefined) return "shared with no household";
  return householdOf(model, user) === undefined ? "reader in no household" : "another household";
}

const byDue = (x: Row, y: Row) =>
  Date.parse(String(x.due_date)) - Date.parse(String(y.due_date)) || x.id - y.id;
const byRenewal = (x: Row, y: Row) =>
  String(x.next_renewal_date).localeCompare(String(y.next_renewal_date)) || x.id - y.id;

/**
 * A list as the API answers it: My View, the person's own and what is assigned to them; Family
 * view, every record shared in their household (none out of one); in the API's order.
 */
export function listOf(model: HouseholdModel, user: number, kind: Kind, view: View): Row[] {
  const inView = (record: ModelRecord) =>
    view === "mine"
      ? ["owner", "assignee"].includes(accessOf(model, record, user))
      : sharedWith(model, record, user);
  return model.records
    .filter((record) => record.kind === kind && inView(record))
    .map((record) => record.row)
    .sort(kind === "tasks" ? byDue : byRenewal);
}

/** GET /households/me as the API answers it: the owner first, then the members as they joined. */
export function householdAnswer(model: HouseholdModel, household: ModelHousehold): Household {
  const inOrder = [household.owner, ...household.members.filter((m) => m !== household.owner)];
  return {
    id: household.id,
    name: household.name,
    members: inOrder.map((user) => ({
      user_id: user,
      full_name: model.fullNames.get(user) ?? null,
      role: user === household.owner ? "owner" : "member",
    })),
  };
}

/**
 * A member leaves or is removed (migration 0012's trigger): what they shared stops being shared,
 * what was assigned to them is no one's, the owner's role passes to the member who joined first
 * after them, and the last one out ends the household and its links.
 */
export function memberGone(model: HouseholdModel, household: ModelHousehold, user: number) {
  for (const record of model.records) {
    if (ownerOf(record) === user && record.row.shared === true) {
      record.row = { ...record.row, shared: false, assignee_id: null };
    }
    if (record.row.assignee_id === user) record.row = { ...record.row, assignee_id: null };
  }
  household.members = household.members.filter((m) => m !== user);
  const next = household.members[0];
  if (next === undefined) household.ended = true;
  else if (household.owner === user) household.owner = next;
}

/** Links of `household` nobody has used yet (none is ever expired by the API's clock here). */
export const waitingLinks = (model: HouseholdModel, household: ModelHousehold) =>
  model.invitations.filter((i) => i.household === household && !i.used && !household.ended);

/** A 422 of a record's sharing: the field it names, and its message. */
export interface SharingRefusal {
  field: "shared" | "assignee_id";
  msg: string;
}

/**
 * The 422 a record's sharing is refused with (household-scope's checkAssignee), or null: an owner
 * in no household shares nothing; an assignee other than the owner needs the record shared, and
 * to be in the owner's household.
 */
export function sharingRefusal(
  model: HouseholdModel,
  owner: number,
  assignee: number | null | undefined,
  shared: boolean,
  kind: Kind,
): SharingRefusal | null {
  const noun = kind === "tasks" ? "task" : "subscription";
  const theirs = householdOf(model, owner);
  if (assignee === null || assignee === undefined || assignee === owner) {
    if (shared && theirs === undefined) {
      return { field: "shared", msg: `Create or join a household before sharing the ${noun}` };
    }
    return null;
  }
  const refused = (msg: string): SharingRefusal => ({ field: "assignee_id", msg });
  if (!shared) return refused(`Share the ${noun} with your household to assign it to someone else`);
  if (!theirs?.members.includes(assignee)) {
    return refused(`The ${noun} can be assigned only to a member of your household`);
  }
  return null;
}

/** The run's marks: `«{run}.r{n}»` in a record, `h` in a household's name, `p` a person's. */
export const markersIn = (text: string) => text.match(/«\d+\.[rhp]\d+»/gu) ?? [];

/**
 * The marks `user` may be answered: of the records they reach, of their household's name, and of
 * their own and their household's full names. Any other mark in an answer (of an unshared record,
 * a deleted one, another household's, a stranger's name, or anyone's of another run) is a leak.
 */
export function visibleMarkers(model: HouseholdModel, user: number): Set<string> {
  const mine = householdOf(model, user);
  const people = mine?.members ?? [user];
  return new Set([
    ...model.records.filter((r) => accessOf(model, r, user) !== "none").map((r) => r.secret),
    ...markersIn(mine?.name ?? ""),
    ...people.flatMap((p) => markersIn(model.fullNames.get(p) ?? "")),
  ]);
}
