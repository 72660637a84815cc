// issue 23: what the household adds to the dashboard (family-view.tsx, loaded when wanted): in
// Family view the line under each record's name and the notice for a person in no household; in
// My View, who a record assigned to the person is from.
import { useEffect, useState } from "react";
import type { ViewMode } from "@life-admin/ui";
import { useServices } from "../use-services";
import type { FamilyDetails, Lists } from "./family-view";
import { familyView } from "./load-family-view";

/** Whether My View's `lists` hold a record of another member's (one assigned to the person). */
function holdsOthers(lists: Lists, myId: number): boolean {
  const others = (record: object) =>
    "owner_id" in record && record.owner_id !== undefined && record.owner_id !== myId;
  return lists.tasks.some(others) || lists.subscriptions.some(others);
}

/** Worked out again whenever the lists change; the last one of the view stays on screen meanwhile. */
export function useFamilyDetails(
  view: ViewMode,
  tasks: readonly object[] | null,
  subscriptions: readonly object[] | null,
  myId: number | undefined,
  onSettings: () => void,
): FamilyDetails | undefined {
  const { client } = useServices();
  const [shown, setShown] = useState<{ view: ViewMode; details: FamilyDetails }>();
  const lists = tasks === null || subscriptions === null ? null : { tasks, subscriptions };
  // My View says nothing more of a person's own records: no household to read for them.
  const wanted =
    lists !== null && myId !== undefined && (view !== "my" || holdsOthers(lists, myId));
  useEffect(() => {
    if (!wanted || tasks === null || subscriptions === null) return;
    let current = true;
    const lists = { tasks, subscriptions };
    familyView()
      .then((family) =>
        view === "my"
          ? family.assignedDetails(client, lists, myId)
          : family.familyDetails(client, lists, myId, onSettings),
      )
      .then(
        (details) => {
          if (current) setShown({ view, details });
        },
        // The records still show; only whose they are does not.
        (reason: unknown) => {
          console.error(reason);
        },
      );
    return () => {
      current = false;
    };
  }, [client, wanted, view, tasks, subscriptions, myId, onSettings]);
  return wanted && shown?.view === view ? shown.details : undefined;
}
