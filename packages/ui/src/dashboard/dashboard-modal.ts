// spec 2: the dashboard's modals. One is open at a time; the chooser hands over to Add Task or
// Upload File (the modal chain). issue 18: "all-events" is the events view. issue 20:
// "notifications" is the bell's list of reminders. issue 21: "documents" is the stored files.
export type DashboardModal =
  | "add-choice"
  | "add-item"
  | "upload"
  | "all-tasks"
  | "all-subscriptions"
  | "all-events"
  | "notifications"
  | "documents";
