// POST /subscriptions/ (spec 7): creates a subscription; the caller reloads the list.
import type { SubscriptionCreateBody } from "@life-admin/api-client";
import type { Subscription } from "@life-admin/domain";
import { useServices } from "../use-services";

export function useCreateSubscription(): (body: SubscriptionCreateBody) => Promise<Subscription> {
  return useServices().client.subscriptions.create;
}
