// issue 19: "Download .ics": one task as an iCalendar file (GET /tasks/{id}/ics), saved by the
// browser under the name the API gives it (made from its title), through a temporary object URL and an <a download>.
import type { LifeAdminClient } from "@life-admin/api-client";
import { calendarCalls } from "@life-admin/api-client/calendar";
import type { Task } from "@life-admin/domain";

/** How long the file's object URL outlives the click (FileSaver.js's choice): the browser reads
 * it after the click returns, and revoking it sooner can cancel the download in some browsers. */
const OBJECT_URL_LIFETIME_MS = 40_000;

/** Downloads the task's .ics file; rejects with a message a person can read. */
export async function downloadTaskIcs(
  client: LifeAdminClient,
  task: Pick<Task, "id" | "title">,
): Promise<void> {
  let file: { fileName: string; text: string };
  try {
    file = await calendarCalls(client).taskIcs(task.id);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new Error(`Could not download “${task.title}” as an .ics file: ${reason}`, {
      cause: failure,
    });
  }
  const url = URL.createObjectURL(new Blob([file.text], { type: "text/calendar" }));
  const link = document.createElement("a");
  link.href = url;
  // The name the API gives the file (apps/api/src/routes/calendar.ts, icsFileName).
  link.download = file.fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, OBJECT_URL_LIFETIME_MS);
}
