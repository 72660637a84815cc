// issue 23: Family view, loaded when it is first shown: the household's shared tasks and
// subscriptions, whose each one is and who it is assigned to, and what the view says to a person
// in no household. In My View, a record another member assigned to the person says who it is from
// (loaded only when the lists hold one).
import type { LifeAdminClient } from "@life-admin/api-client";
import {
  type Household,
  type SubscriptionWithSharing,
  type TaskWithSharing,
  householdCalls,
} from "@life-admin/api-client/households";
import { displayName } from "@life-admin/domain";
import { NoHouseholdNotice, type RecordNoteOf } from "@life-admin/ui";
import type { ReactNode } from "react";

export const familyTasks = (client: LifeAdminClient) => householdCalls(client).tasks("family");

export const familySubscriptions = (client: LifeAdminClient) =>
  householdCalls(client).subscriptions("family");

type Sharing = Pick<TaskWithSharing | SubscriptionWithSharing, "id" | "owner_id" | "assignee_id">;

/** A member's name as the household lists it. */
const nameIn = (household: Household, userId: number) =>
  displayName(household.members.find((member) => member.user_id === userId));

/** "Ada's · assigned to you", "Yours · assigned to Grace", "Ada's". */
export function noteOf(record: Sharing, household: Household, myId: number): string {
  const name = (userId: number) => nameIn(household, userId);
  const whose = record.owner_id === myId ? "Yours" : `${name(record.owner_id)}'s`;
  if (record.assignee_id === null) return whose;
  const assignee = record.assignee_id === myId ? "you" : name(record.assignee_id);
  return `${whose} · assigned to ${assignee}`;
}

export interface FamilyDetails {
  /** The line under each listed record's name. */
  noteOf: RecordNoteOf;
  /** What the view says above the cards: only to a person in no household. */
  notice: ReactNode;
}

/** Listed records as the API answers them: a record added on screen may not say its sharing yet. */
export interface Lists {
  tasks: readonly object[];
  subscriptions: readonly object[];
}

/** The line under each of `lists`' records that says its sharing: `note(record)`, or none. */
function notesOf(lists: Lists, note: (record: Sharing) => string | undefined): RecordNoteOf {
  const notes = new Map<string, string>();
  const add = (kind: string, records: readonly object[]) => {
    for (const record of records as readonly Partial<Sharing>[]) {
      if (record.id === undefined || record.owner_id === undefined) continue;
      const said = note(record as Sharing);
      if (said !== undefined) notes.set(`${kind}${String(record.id)}`, said);
    }
  };
  add("task", lists.tasks);
  add("subscription", lists.subscriptions);
  return (kind, id) => notes.get(`${kind}${String(id)}`);
}

/**
 * What Family view adds to the lists shown (the household's, as the API answered them with their
 * sharing): the household is read anew each time, so a member who has left is not named.
 */
export async function familyDetails(
  client: LifeAdminClient,
  lists: Lists,
  myId: number,
  onSettings: () => void,
): Promise<FamilyDetails> {
  const household = await householdCalls(client).mine();
  if (household === null) {
    return { noteOf: () => undefined, notice: <NoHouseholdNotice onSettings={onSettings} /> };
  }
  return { noteOf: notesOf(lists, (record) => noteOf(record, household, myId)), notice: null };
}

/**
 * What My View adds: "From Grace Hopper" under a record another member assigned to the person,
 * so that it does not pass for one of their own; nothing under theirs.
 */
export async function assignedDetails(
  client: LifeAdminClient,
  lists: Lists,
  myId: number,
): Promise<FamilyDetails> {
  const household = await householdCalls(client).mine();
  const from = (record: Sharing) =>
    household === null || record.owner_id === myId
      ? undefined
      : `From ${nameIn(household, record.owner_id)}`;
  return { noteOf: notesOf(lists, from), notice: null };
}
