// issue 23: a household owner's invitation links not used yet, which Settings waits for as it opens
// (use-settings-loads.ts). Asked for only once the person and their household have both come and
// say that the person owns it: a member's ask would be refused with 403, which the client takes
// for a stale sign-in and answers with a refresh and a retry (spec 7). Decided once: afterwards the
// household section's own answers (create, invite, withdraw, leave) keep the links.
import { type PendingInvitation, householdCalls } from "@life-admin/api-client/households";
import type { User } from "@life-admin/domain";
import { useCallback, useState } from "react";
import { useServices } from "../use-services";
import { type Loaded, type LoadedState, isLoaded, useLoaded } from "./use-loaded";
import type { OwnHousehold } from "./own-household";

/** Whether the person owns their household; null until both are known. */
function ownerOf(user: Loaded<User>, own: Loaded<OwnHousehold>): boolean | null {
  if (!isLoaded(user) || !isLoaded(own)) return null;
  const { household } = own;
  return household?.members.some((m) => m.user_id === user.id && m.role === "owner") ?? false;
}

export function useOwnersLinks(
  user: Loaded<User>,
  own: Loaded<OwnHousehold>,
): LoadedState<PendingInvitation[]> {
  const { client } = useServices();
  const [owner, setOwner] = useState<boolean | null>(null);
  const known = ownerOf(user, own);
  if (owner === null && known !== null) setOwner(known);
  // While either failed to load, there is nothing to wait for: their sections say so.
  const failed = user instanceof Error || own instanceof Error;
  const ask = owner ?? (failed ? false : null);
  return useLoaded(
    useCallback((): Promise<PendingInvitation[]> => {
      // Not known yet: loading, until `ask` changes and useLoaded asks again.
      if (ask === null) return new Promise(() => undefined);
      return ask ? householdCalls(client).invitations() : Promise.resolve([]);
    }, [client, ask]),
  );
}
