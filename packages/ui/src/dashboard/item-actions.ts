// issue 18: what a person can do with a listed task or subscription, wherever it is listed. The
// components say which record; the app changes it (and tells the server).
/** issue 19: a task as an iCalendar file, wherever a task offers it. */
export const DOWNLOAD_ICS_LABEL = "Download .ics";

export interface ItemActions {
  /** A task marked done (true) or not done (false). */
  onTaskComplete: (id: number, completed: boolean) => void;
  /** A task's name pressed: open its edit form. */
  onTaskEdit: (id: number) => void;
  /** A subscription's name pressed: open its edit form. */
  onSubscriptionEdit: (id: number) => void;
  /** A subscription resumed (true) or paused (false). */
  onSubscriptionActive: (id: number, active: boolean) => void;
  /** issue 19: a task's "Download .ics" (where a task's card offers it: All Tasks). */
  onTaskDownload?: (id: number) => void;
}
