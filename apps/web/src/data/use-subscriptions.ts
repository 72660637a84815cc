// GET /subscriptions/: the user's subscriptions. spec 7: the dashboard sends an empty filter.
// issue 23: in Family view, the subscriptions shared in the person's household.
import type { Subscription } from "@life-admin/domain";
import type { ViewMode } from "@life-admin/ui";
import { useCallback } from "react";
import { familyView } from "../household/load-family-view";
import { useServices } from "../use-services";
import { type ResourceHandle, useResource } from "./use-resource";

export function useSubscriptions(view: ViewMode): ResourceHandle<Subscription[]> {
  const { client } = useServices();
  const load = useCallback(
    () =>
      view === "my"
        ? client.subscriptions.list({})
        : familyView().then((family) => family.familySubscriptions(client)),
    [client, view],
  );
  return useResource(load);
}
