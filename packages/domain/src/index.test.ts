import { describe, expect, it } from "vitest";
import * as domain from "./index.js";

describe("the package entry", () => {
  it.each([
    "buildDueDate",
    "parseReminderDays",
    "reminderText",
    "sortTasksByPriority",
    "sortSubscriptionsByRenewal",
    "priorityTasks",
    "renewalsSoon",
    "daysUntil",
    "renewalCardLabel",
    "renewalListLabel",
    "formatDate",
    "formatTime",
    "calendarDateIn",
    "buildAgenda",
    "upcomingEvents",
    "displayName",
    "avatarLetter",
    "safeLink",
    "isHttpUrl",
    "isIsoDate",
    "priorityTone",
    "formatDollars",
    "isAcceptedUpload",
  ] as const)("exports the rule %s", (name) => {
    expect(domain[name]).toBeTypeOf("function");
  });

  it.each([
    "TaskSchema",
    "TaskCreateSchema",
    "SubscriptionSchema",
    "SubscriptionCreateSchema",
    "UserSchema",
    "TokenSetSchema",
    "FrequencySchema",
    "PrioritySchema",
    "IsoDateSchema",
    "IsoDateTimeSchema",
    "CancelLinkSchema",
  ] as const)("exports the schema %s", (name) => {
    expect(domain[name].safeParse("not this entity").success).toBe(false);
  });
});
