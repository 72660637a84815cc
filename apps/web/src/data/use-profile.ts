// GET /users/me: the signed-in user (spec 7), for the header and the welcome banner.
import type { User } from "@life-admin/domain";
import { useServices } from "../use-services";
import { type ResourceHandle, useResource } from "./use-resource";

export function useProfile(): ResourceHandle<User> {
  // A function-valued property of the client: stable for the client's life.
  return useResource(useServices().client.users.me);
}
