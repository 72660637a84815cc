// POST /notifications/read (issue 20): these reminders, or every reminder due now. A module of its
// own, apart from notification.ts, which the web app's first download reads.
import * as z from "zod/mini";

/** The most reminders one POST /notifications/read marks by id. */
export const MAX_READ_IDS = 1000;

/** POST /notifications/read: these reminders, or every reminder due now. */
// Marked pure, as time-zones.ts's TimeZoneSchema: unused in the web app's first download.
export const NotificationsReadSchema = /* @__PURE__ */ z.union([
  z.object({
    ids: /* @__PURE__ */ z
      .array(z.string().check(z.minLength(1), z.maxLength(200)))
      .check(
        z.minLength(1, { error: "Name at least one reminder" }),
        z.maxLength(MAX_READ_IDS, { error: `At most ${MAX_READ_IDS} reminders at once` }),
      ),
  }),
  z.object({ all: z.literal(true, { error: 'Send {"all": true} or {"ids": [...]}' }) }),
]);
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;
