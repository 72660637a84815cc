// issue 20: the bell's and the reminder settings' calls, `@life-admin/api-client/reminders`: loaded
// with the screens that use them, not in the web app's first download.
import { UserSchema } from "@life-admin/domain";
import type { ListView } from "@life-admin/domain/household";
import { NotificationSchema } from "@life-admin/domain/notifications";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, listOf, matches } from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** A reminder due now, as the bell lists it. */
export type Notification = components["schemas"]["Notification"];
/** What PATCH /users/me changes (the time zone, the morning email). */
export type UserUpdateBody = components["schemas"]["UserUpdate"];

/** Issue 23: which view's reminders a call is about (domain's ListView); left out, My View. */
export interface ReminderViewOption {
  view?: ListView;
}

export interface ReminderCalls {
  /** The view's reminders due now, newest first, each read or not (by the person). */
  notifications: (options?: ReminderViewOption) => Promise<Notification[]>;
  /**
   * Marks these of the view's reminders (by id) read, or every one due now with "all"; marks made
   * in the other view stay.
   */
  markRead: (ids: readonly string[] | "all", options?: ReminderViewOption) => Promise<void>;
  /** Changes the fields given (`{ time_zone: "Europe/London" }`). */
  updateUser: (body: UserUpdateBody) => Promise<components["schemas"]["User"]>;
}

export function reminderCalls({ http }: Pick<LifeAdminClient, "http">): ReminderCalls {
  addResponseRules({
    "GET /notifications/": listOf(NotificationSchema),
    "PATCH /users/me": matches(UserSchema),
  });
  return {
    async notifications({ view }: ReminderViewOption = {}) {
      const params = { query: view === undefined ? {} : { view } };
      return dataOf("GET /notifications/", await http.GET("/notifications/", { params }));
    },
    async markRead(ids, { view }: ReminderViewOption = {}) {
      const body = ids === "all" ? { all: true as const } : { ids: [...ids] };
      const params = { query: view === undefined ? {} : { view } };
      await http.POST("/notifications/read", { params, body });
    },
    async updateUser(body) {
      return dataOf("PATCH /users/me", await http.PATCH("/users/me", { body }));
    },
  };
}
