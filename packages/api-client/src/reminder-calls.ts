// issue 20: the bell's and the reminder settings' calls, `@life-admin/api-client/reminders`: loaded
// with the screens that use them, not in the web app's first download.
import { UserSchema } from "@life-admin/domain";
import { NotificationSchema } from "@life-admin/domain/notifications";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, listOf, matches } from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** A reminder due now, as the bell lists it. */
export type Notification = components["schemas"]["Notification"];
/** What PATCH /users/me changes (the time zone, the morning email). */
export type UserUpdateBody = components["schemas"]["UserUpdate"];

export interface ReminderCalls {
  /** The reminders due now, newest first, each read or not. */
  notifications: () => Promise<Notification[]>;
  /** Marks these reminders (by id) read, or every one due now with "all". */
  markRead: (ids: readonly string[] | "all") => Promise<void>;
  /** Changes the fields given (`{ time_zone: "Europe/London" }`). */
  updateUser: (body: UserUpdateBody) => Promise<components["schemas"]["User"]>;
}

export function reminderCalls({ http }: Pick<LifeAdminClient, "http">): ReminderCalls {
  addResponseRules({
    "GET /notifications/": listOf(NotificationSchema),
    "PATCH /users/me": matches(UserSchema),
  });
  return {
    async notifications() {
      return dataOf("GET /notifications/", await http.GET("/notifications/"));
    },
    async markRead(ids) {
      const body = ids === "all" ? { all: true as const } : { ids: [...ids] };
      await http.POST("/notifications/read", { body });
    },
    async updateUser(body) {
      return dataOf("PATCH /users/me", await http.PATCH("/users/me", { body }));
    },
  };
}
