// spec 4: which of the dashboard's modals (ui's DashboardModal) change the lists when they close.
import type { DashboardModal } from "@life-admin/ui";

/** spec 4: closing these reloads the lists (the add modal adds tasks and subscriptions). */
export function reloadsAfterClosing(modal: DashboardModal): boolean {
  switch (modal) {
    case "add-item":
    case "upload":
      return true;
    case "add-choice":
    case "all-tasks":
    case "all-subscriptions":
    case "all-events":
    case "notifications":
    case "documents":
      return false;
    default: {
      const unknown: never = modal;
      throw new Error(`Unknown modal ${String(unknown)}`);
    }
  }
}
