// issue 19: the calendar feed's calls, `@life-admin/api-client/calendar`: loaded with the screens
// that use them (after a save, settings, a task's download), not in the web app's first download.
import { CalendarFeedSchema } from "@life-admin/domain/calendar";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { attachmentFileName } from "./export-calls.js";
import { addResponseRules, matches } from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** The private calendar feed's addresses, and whether it has been added to a calendar. */
export type CalendarFeed = components["schemas"]["CalendarFeed"];

export interface CalendarCalls {
  /** decisions D11: the person's private feed, made on first use. */
  feed: () => Promise<CalendarFeed>;
  /** The person has added the feed to a calendar (`true`), or wants it offered again. */
  setConnected: (connected: boolean) => Promise<CalendarFeed>;
  /** A new secret address; the old one answers 404 from now on. */
  rotate: () => Promise<CalendarFeed>;
  /**
   * One task as an iCalendar file (the event the feed has): its text, and the file name the API
   * gives it (Content-Disposition), "task.ics" when it gives none.
   */
  taskIcs: (taskId: number) => Promise<{ fileName: string; text: string }>;
}

export function calendarCalls({ http }: Pick<LifeAdminClient, "http">): CalendarCalls {
  addResponseRules({
    "GET /calendar/feed": matches(CalendarFeedSchema),
    "PATCH /calendar/feed": matches(CalendarFeedSchema),
    "POST /calendar/feed/rotate": matches(CalendarFeedSchema),
  });
  return {
    async feed() {
      return dataOf("GET /calendar/feed", await http.GET("/calendar/feed"));
    },
    async setConnected(connected) {
      return dataOf(
        "PATCH /calendar/feed",
        await http.PATCH("/calendar/feed", { body: { connected } }),
      );
    },
    async rotate() {
      return dataOf("POST /calendar/feed/rotate", await http.POST("/calendar/feed/rotate"));
    },
    async taskIcs(taskId) {
      const params = { path: { task_id: taskId } };
      const result = await http.GET("/tasks/{task_id}/ics", { params, parseAs: "text" });
      const text = dataOf("GET /tasks/{task_id}/ics", result);
      // filename* (UTF-8) first: the plain filename holds only what ASCII can write of the title.
      const disposition = result.response.headers.get("Content-Disposition");
      return { fileName: attachmentFileName(disposition) ?? "task.ics", text };
    },
  };
}
