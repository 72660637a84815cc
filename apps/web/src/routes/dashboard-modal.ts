// spec 2: the dashboard's modals. One is open at a time; the chooser hands over to Add Task or
// Upload File (the modal chain).
export type DashboardModal =
  "add-choice" | "add-item" | "upload" | "all-tasks" | "all-subscriptions";

/** spec 4: closing these reloads the lists (the add modal adds tasks and subscriptions). */
export function reloadsAfterClosing(modal: DashboardModal): boolean {
  switch (modal) {
    case "add-item":
    case "upload":
      return true;
    case "add-choice":
    case "all-tasks":
    case "all-subscriptions":
      return false;
    default: {
      const unknown: never = modal;
      throw new Error(`Unknown modal ${String(unknown)}`);
    }
  }
}
