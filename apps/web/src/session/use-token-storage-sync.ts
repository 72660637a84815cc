// Tabs share one session (localStorage `tokenData`). When another tab signs out, signs in or
// refreshes, this tab reads the session again: signed out there means signed out here.
import { TOKEN_STORAGE_KEY } from "@life-admin/api-client";
import { useEffect } from "react";
import type { SessionStore } from "./session-store";

export function useTokenStorageSync(session: SessionStore): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key: another tab cleared the whole storage.
      if (event.key === null || event.key === TOKEN_STORAGE_KEY) session.sync();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("storage", onStorage);
    };
  }, [session]);
}
