// issue 23: what Family view adds to the dashboard (family-view.tsx, loaded with it): the line
// under each record's name and the notice for a person in no household; none in My View.
import { useEffect, useState } from "react";
import type { ViewMode } from "@life-admin/ui";
import { useServices } from "../use-services";
import type { FamilyDetails } from "./family-view";
import { familyView } from "./load-family-view";

/** Worked out again whenever the lists change; the last one stays on screen meanwhile. */
export function useFamilyDetails(
  view: ViewMode,
  tasks: readonly object[] | null,
  subscriptions: readonly object[] | null,
  myId: number | undefined,
  onSettings: () => void,
): FamilyDetails | undefined {
  const { client } = useServices();
  const [details, setDetails] = useState<FamilyDetails>();
  useEffect(() => {
    if (view === "my" || tasks === null || subscriptions === null || myId === undefined) return;
    let current = true;
    familyView()
      .then((family) => family.familyDetails(client, { tasks, subscriptions }, myId, onSettings))
      .then(
        (next) => {
          if (current) setDetails(next);
        },
        // The records still show; only whose they are does not.
        (reason: unknown) => {
          console.error(reason);
        },
      );
    return () => {
      current = false;
    };
  }, [client, view, tasks, subscriptions, myId, onSettings]);
  return view === "my" ? undefined : details;
}
