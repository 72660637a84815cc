// issue 19: "Download .ics": one task as an iCalendar file (GET /tasks/{id}/ics), saved by the
// browser under a name made from its title, through a temporary object URL and an <a download>.
import type { LifeAdminClient } from "@life-admin/api-client";
import { calendarCalls } from "@life-admin/api-client/calendar";
import type { Task } from "@life-admin/domain";

/** How long the file's object URL outlives the click (FileSaver.js's choice): the browser reads
 * it after the click returns, and revoking it sooner can cancel the download in some browsers. */
const OBJECT_URL_LIFETIME_MS = 40_000;
/** A file name stays short enough for every file system. */
const MAX_SLUG_LENGTH = 60;

/** "Renew passport & ID!" -> "renew-passport-id.ics"; a title with no letters -> "task.ics". */
export function icsFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return `${slug || "task"}.ics`;
}

/** Downloads the task's .ics file; rejects with a message a person can read. */
export async function downloadTaskIcs(
  client: LifeAdminClient,
  task: Pick<Task, "id" | "title">,
): Promise<void> {
  let text: string;
  try {
    text = await calendarCalls(client).taskIcs(task.id);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new Error(`Could not download “${task.title}” as an .ics file: ${reason}`, {
      cause: failure,
    });
  }
  const url = URL.createObjectURL(new Blob([text], { type: "text/calendar" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = icsFileName(task.title);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, OBJECT_URL_LIFETIME_MS);
}
