// issue 23: what the add and edit dialogs know of the person's household: its other members (for
// Assigned To) and, for an edited record, its sharing as the API has it now. Nothing (null) for a
// person in no household, and until both have answered: the form then shows Assigned To with
// Myself alone, as it does without a household.
import type { LifeAdminClient } from "@life-admin/api-client";
import { householdCalls } from "@life-admin/api-client/households";
import { displayName } from "@life-admin/domain";
import type { SharingChoice } from "@life-admin/ui";
import { useEffect, useState } from "react";

export interface RecordSharing {
  /** The household's members but the person. */
  members: { id: number; name: string }[];
  /** As the record is shared now (a new record: private). */
  value: SharingChoice;
  /** The record's owner's name when it is someone else's (they alone change its sharing). */
  ownerName?: string;
}

export type SharedRecordRef = { kind: "task" | "subscription"; id: number } | undefined;

async function recordSharing(
  client: LifeAdminClient,
  record: SharedRecordRef,
  myId: number,
): Promise<RecordSharing | null> {
  const calls = householdCalls(client);
  const [household, shared] = await Promise.all([
    calls.mine(),
    record === undefined
      ? undefined
      : record.kind === "task"
        ? calls.task(record.id)
        : calls.subscription(record.id),
  ]);
  if (household === null) return null;
  const members = household.members
    .filter((member) => member.user_id !== myId)
    .map((member) => ({ id: member.user_id, name: displayName(member) }));
  if (shared === undefined) return { members, value: { shared: false, assigneeId: null } };
  if (shared.owner_id === myId) {
    return { members, value: { shared: shared.shared, assigneeId: shared.assignee_id } };
  }
  // Another member's record: its owner is named once, as its owner (ui's SharingFields).
  const owner = household.members.find((member) => member.user_id === shared.owner_id);
  return {
    members: members.filter((member) => member.id !== shared.owner_id),
    value: { shared: shared.shared, assigneeId: shared.assignee_id },
    ownerName: displayName(owner),
  };
}

/** Read once when the dialog opens (it is keyed by record); a failure leaves Myself alone. */
export function useRecordSharing(
  client: LifeAdminClient,
  record: SharedRecordRef,
  myId: number,
): RecordSharing | null {
  const [sharing, setSharing] = useState<RecordSharing | null>(null);
  const kind = record?.kind;
  const id = record?.id;
  useEffect(() => {
    let current = true;
    recordSharing(client, kind === undefined || id === undefined ? undefined : { kind, id }, myId)
      .then((next) => {
        if (current) setSharing(next);
      })
      .catch((reason: unknown) => {
        console.error(reason);
      });
    return () => {
      current = false;
    };
  }, [client, kind, id, myId]);
  return sharing;
}
