// The morning email's sections: today's tasks, overdue ones, renewals, each under its heading and
// capped, so a person back after months away gets a short email that points at the app instead
// of a list as long as everything they missed.
import type { DueReminder } from "@life-admin/domain";

/** Lines shown under a heading; the rest are counted ("and 12 more in Life Admin"). */
export const LINES_PER_SECTION = 10;

export interface MorningSection {
  heading: string;
  reminders: DueReminder[];
  /** How many more of this kind the email leaves out. */
  more: number;
}

const HEADINGS = [
  ["task_due", "Due today"],
  ["task_overdue", "Overdue"],
  ["renewal", "Renewing soon"],
] as const satisfies readonly (readonly [DueReminder["kind"], string])[];

/** `ordered` as morningOrder sorts it; sections without reminders are left out. */
export function morningSections(ordered: readonly DueReminder[]): MorningSection[] {
  return HEADINGS.flatMap(([kind, heading]) => {
    const ofKind = ordered.filter((reminder) => reminder.kind === kind);
    if (ofKind.length === 0) return [];
    return [
      {
        heading: `${heading} (${String(ofKind.length)})`,
        reminders: ofKind.slice(0, LINES_PER_SECTION),
        more: Math.max(0, ofKind.length - LINES_PER_SECTION),
      },
    ];
  });
}

export const moreLine = (more: number) => `and ${String(more)} more in Life Admin`;
