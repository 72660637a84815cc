// issue 23: Family view, loaded when it is first shown: the household's shared tasks and
// subscriptions, whose each one is and who it is assigned to, and what the view says to a person
// in no household.
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

/** "Ada's · assigned to you", "Yours · assigned to Grace", "Ada's". */
export function noteOf(record: Sharing, household: Household, myId: number): string {
  const name = (userId: number) =>
    displayName(household.members.find((member) => member.user_id === userId));
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

/**
 * What Family view adds to the lists shown (the household's, as the API answered them with their
 * sharing): the household is read anew each time, so a member who has left is not named.
 */
export async function familyDetails(
  client: LifeAdminClient,
  lists: { tasks: readonly object[]; subscriptions: readonly object[] },
  myId: number,
  onSettings: () => void,
): Promise<FamilyDetails> {
  const household = await householdCalls(client).mine();
  if (household === null) {
    return { noteOf: () => undefined, notice: <NoHouseholdNotice onSettings={onSettings} /> };
  }
  const notes = new Map<string, string>();
  const add = (kind: string, records: readonly object[]) => {
    for (const record of records as readonly Partial<Sharing>[]) {
      // A record added or changed on screen before the lists are read again may not say yet.
      if (record.id === undefined || record.owner_id === undefined) continue;
      notes.set(`${kind}${String(record.id)}`, noteOf(record as Sharing, household, myId));
    }
  };
  add("task", lists.tasks);
  add("subscription", lists.subscriptions);
  return { noteOf: (kind, id) => notes.get(`${kind}${String(id)}`), notice: null };
}
