// spec 4: whether a session exists, kept current as it changes (sign-in, refresh refused, the
// refresh token expired, another tab signing out).
import { useSyncExternalStore } from "react";
import { useServices } from "../use-services";

export function useSignedIn(): boolean {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.isSignedIn);
}
