// GET /subscriptions/: the user's subscriptions. spec 7: the dashboard sends an empty filter.
import type { Subscription } from "@life-admin/domain";
import { useCallback } from "react";
import { useServices } from "../use-services";
import { type ResourceHandle, useResource } from "./use-resource";

export function useSubscriptions(): ResourceHandle<Subscription[]> {
  const { client } = useServices();
  const load = useCallback(() => client.subscriptions.list({}), [client]);
  return useResource(load);
}
