// issue 17: "Sign out" in the account menu. The client ends the sign-in on the API (its refresh
// token in the body) and clears the stored session whatever the API answered; a cleared session
// sends every route to / (routes/app-routes.tsx), and other tabs follow (the storage event).
import { useCallback } from "react";
import { useServices } from "../use-services";

export function useSignOut(): () => void {
  const { client } = useServices();
  return useCallback(() => {
    client.auth.logout().catch((error: unknown) => {
      // The session is already cleared here; only the API did not hear of it (it expires there).
      console.error("Sign out failed", error);
    });
  }, [client]);
}
