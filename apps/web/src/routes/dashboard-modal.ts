// spec 4: which of the dashboard's modals (ui's DashboardModal) change the lists when they close;
// and which a history entry may open again (use-dialog-history.ts).
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

/**
 * The lists a person may come back to with Forward or a reload, opened again as they were: not
 * the chooser, the forms or the upload, which would come back empty and half-way. A set, not a
 * switch: the mark comes from history, where an older build may have left a name no longer known.
 */
const OPENED_AGAIN: ReadonlySet<string> = new Set<DashboardModal>([
  "all-tasks",
  "all-subscriptions",
  "all-events",
  "notifications",
  "documents",
]);

export function opensAgainFromHistory(mark: string): mark is DashboardModal {
  return OPENED_AGAIN.has(mark);
}
