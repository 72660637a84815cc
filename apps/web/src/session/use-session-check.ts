// spec 4, 9: the token check on load and every 3,300,000 ms (55 minutes), through the
// api-client's checkSession: an expired refresh token ends the session, an expired access token
// alone is refreshed. An ended session clears the store, which sends every route to /.
import { SESSION_CHECK_INTERVAL_MS } from "@life-admin/api-client";
import { useEffect } from "react";
import type { AppServices } from "../app-services";

export function useSessionCheck({ client, now }: Pick<AppServices, "client" | "now">): void {
  useEffect(() => {
    const check = () => {
      client.checkSession(now()).catch((error: unknown) => {
        // spec 8: a failed refresh has already ended the session where it should; a network
        // failure keeps it for the next check.
        console.error("Session check failed", error);
      });
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [client, now]);
}
