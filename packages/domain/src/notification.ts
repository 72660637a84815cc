// Issue 20: the bell's reminders as GET /notifications/ answers them, and how they are marked read.
import * as z from "zod/mini";
import { IdSchema } from "./id.js";
import { IsoDateSchema, IsoDateTimeSchema } from "./iso-dates.js";

/** What a reminder is about (domain/due-reminders.ts works out which are due). */
export const REMINDER_KINDS = ["renewal", "task_due", "task_overdue"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const NotificationSchema = /* @__PURE__ */ z.object({
  /** The reminder's occurrence ("renewal:7:2026-12-14"): the same reminder keeps it. */
  id: z.string(),
  kind: z.enum(REMINDER_KINDS),
  /** The task's title or the subscription's name. */
  title: z.string(),
  /** When the reminder became due, on the person's clock (shown as written, decisions D6). */
  at: IsoDateTimeSchema,
  /** What it reminds of: the renewal's date, or the task's due date and time. */
  due: z.union([IsoDateTimeSchema, IsoDateSchema]),
  read: z.boolean(),
  task_id: z.optional(IdSchema),
  subscription_id: z.optional(IdSchema),
});
export type Notification = z.infer<typeof NotificationSchema>;
