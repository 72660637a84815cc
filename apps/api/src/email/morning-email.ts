// decisions D13: the morning reminder email's words, as plain text and HTML (no images, no
// tracking pixels, nothing fetched), with the one-click unsubscribe link (RFC 8058 headers).
import { type DueReminder, asOneLine, isAllDay } from "@life-admin/domain";
import { morningSections, moreLine } from "./morning-sections.js";

export interface MorningEmailInput {
  /** The person's date of the morning ("2026-12-07"). */
  morning: string;
  reminders: readonly DueReminder[];
  /** Where the web app is: the email links to it. */
  webOrigin: string;
  unsubscribeUrl: string;
}

export interface MorningEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

// Reminder dates and times are the person's wall clock written as UTC fields (decisions D6).
const day = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const time = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
});

const dayOf = (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`));

/** One reminder as a line: its title as the person typed it, then what the email says of it. */
export interface ReminderLine {
  title: string;
  /** ": due today at 09:30", " renews today". */
  says: string;
}

/**
 * One reminder as a line: what it is and when. A task without a time of day (isAllDay) is due
 * on its day, so its line names no time ("due today", "overdue since Thursday, 3 December 2026").
 * A renewal on the `morning` itself renews "today", as the bell says.
 */
export function reminderLine(reminder: DueReminder, morning: string): ReminderLine {
  // One line, whatever the title holds: a line break stored before titles had to be one line
  // would otherwise write lines of its own into the email ("Your session expired...").
  const title = asOneLine(reminder.title);
  switch (reminder.kind) {
    case "renewal":
      return {
        title,
        says:
          reminder.renewsOn === morning
            ? " renews today"
            : ` renews on ${dayOf(reminder.renewsOn)}`,
      };
    case "task_due": {
      const due = ": due today";
      const says = isAllDay(reminder.dueMs) ? due : `${due} at ${time.format(reminder.dueMs)}`;
      return { title, says };
    }
    case "task_overdue": {
      const since = `: overdue since ${day.format(reminder.dueMs)}`;
      const says = isAllDay(reminder.dueMs) ? since : `${since}, ${time.format(reminder.dueMs)}`;
      return { title, says };
    }
    default: {
      const never: never = reminder;
      return never;
    }
  }
}

/**
 * What the morning is about, in the order a person reads it: today's tasks, then overdue ones,
 * then renewals; each by its date (a task without a time before the timed ones of its day).
 */
const KIND_ORDER = { task_due: 0, task_overdue: 1, renewal: 2 } as const;

function whenOf(reminder: DueReminder): number {
  return reminder.kind === "renewal"
    ? Date.parse(`${reminder.renewsOn}T00:00:00Z`)
    : reminder.dueMs;
}

/** The email's order; the bell's is newest first, which read as a list put renewals out of date. */
export function morningOrder(reminders: readonly DueReminder[]): DueReminder[] {
  return [...reminders].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      whenOf(a) - whenOf(b) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function morningEmail({
  morning,
  reminders,
  webOrigin,
  unsubscribeUrl,
}: MorningEmailInput): MorningEmail {
  const sections = morningSections(morningOrder(reminders)).map(({ heading, reminders, more }) => ({
    heading,
    lines: reminders.map((reminder) => reminderLine(reminder, morning)),
    moreLines: more > 0 ? [moreLine(more)] : [],
  }));
  const count = reminders.length === 1 ? "1 reminder" : `${reminders.length} reminders`;
  const app = `${webOrigin}/dashboard`;
  const why = "You get this email because you turned on morning reminders in Life Admin.";
  const text = [
    `Your reminders for ${dayOf(morning)}:`,
    "",
    ...sections.flatMap(({ heading, lines, moreLines }) => [
      `${heading}:`,
      ...lines.map(({ title, says }) => `- ${title}${says}`),
      ...moreLines.map((line) => `- ${line}`),
      "",
    ]),
    `Open Life Admin: ${app}`,
    "",
    why,
    `Unsubscribe: ${unsubscribeUrl}`,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>Life Admin reminders</title></head><body>',
    `<p>Your reminders for ${escapeHtml(dayOf(morning))}:</p>`,
    ...sections.flatMap(({ heading, lines, moreLines }) => [
      `<h2>${escapeHtml(heading)}</h2>`,
      "<ul>",
      // Each title in its own direction, as the app shows it (<bdi>): otherwise a Hebrew or
      // Arabic title's closing "!" or ")" is drawn on the wrong side, next to ": due today".
      ...lines.map(
        ({ title, says }) => `<li><bdi>${escapeHtml(title)}</bdi>${escapeHtml(says)}</li>`,
      ),
      ...moreLines.map((line) => `<li>${escapeHtml(line)}</li>`),
      "</ul>",
    ]),
    `<p><a href="${escapeHtml(app)}">Open Life Admin</a></p>`,
    `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    "</body></html>",
    "",
  ].join("\n");
  return {
    subject: `Life Admin: ${count} for ${dayOf(morning)}`,
    text,
    html,
    headers: {
      // RFC 8058: a mail client may unsubscribe with one POST to this URL, without a page.
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      // RFC 3834: sent by a machine, so an out-of-office reply does not answer it every morning
      // (Exchange reads its own header for that).
      "Auto-Submitted": "auto-generated",
      "X-Auto-Response-Suppress": "OOF, AutoReply",
    },
  };
}
