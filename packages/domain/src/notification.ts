// Issue 20: the bell's reminders as GET /notifications/ answers them, and how they are marked read.
import * as z from "zod/mini";
import { REMINDER_KINDS } from "./due-reminders.js";
import { IdSchema } from "./id.js";
import { IsoDateSchema, IsoDateTimeSchema } from "./iso-dates.js";

/** The most reminders one POST /notifications/read marks by id. */
export const MAX_READ_IDS = 1000;

export const NotificationSchema = z.object({
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

/** POST /notifications/read: these reminders, or every reminder due now. */
export const NotificationsReadSchema = z.union([
  z.object({
    ids: z
      .array(z.string().check(z.minLength(1), z.maxLength(200)))
      .check(
        z.minLength(1, { error: "Name at least one reminder" }),
        z.maxLength(MAX_READ_IDS, { error: `At most ${MAX_READ_IDS} reminders at once` }),
      ),
  }),
  z.object({ all: z.literal(true, { error: 'Send {"all": true} or {"ids": [...]}' }) }),
]);
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;
