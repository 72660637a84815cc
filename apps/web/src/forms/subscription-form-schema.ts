// spec 3, 5, 9 and decisions D7: the Add Subscription form. The form holds strings (cost text,
// the reminder choice, the link); each field is checked with the domain's rules so that every
// message shows at once beside its field, then the API body is built (Number(cost),
// parseReminderDays, priority "Medium", an empty link as null) and checked with
// SubscriptionCreateSchema.
import {
  CancelLinkSchema,
  CostSchema,
  DEFAULT_REMINDER_OPTION,
  FrequencySchema,
  IsoDateSchema,
  REMINDER_OPTIONS,
  RemindDaysSchema,
  SubscriptionCreateSchema,
  type SubscriptionCreateInput,
  parseReminderDays,
} from "@life-admin/domain";
import * as z from "zod";
import { ASSIGNEES } from "./task-form-schema";

export const SubscriptionFormSchema = z
  .object({
    name: SubscriptionCreateSchema.shape.name,
    next_renewal_date: z
      .string()
      .min(1, { error: "Next renewal date is required" })
      .pipe(IsoDateSchema),
    frequency: FrequencySchema,
    // spec 5: numeric, step 0.01, minimum 0.
    cost: z
      .string()
      .trim()
      .min(1, { error: "Cost is required" })
      .transform(Number)
      .pipe(CostSchema),
    // spec 5: the number is read from the choice's text, falling back to 7.
    remind_me: z.enum(REMINDER_OPTIONS).transform(parseReminderDays).pipe(RemindDaysSchema),
    assigned_to: z.enum(ASSIGNEES),
    // spec 5: optional, URL-shaped when given.
    cancel_link: z
      .string()
      .trim()
      .transform((link) => (link === "" ? null : link))
      .pipe(CancelLinkSchema.nullable()),
  })
  .transform((form): SubscriptionCreateInput => ({
    name: form.name,
    next_renewal_date: form.next_renewal_date,
    cost: form.cost,
    frequency: form.frequency,
    // spec 3, 9: a subscription is always created with priority "Medium".
    priority: "Medium",
    cancel_link: form.cancel_link,
    remind_days_before: form.remind_me,
  }))
  .pipe(SubscriptionCreateSchema);

export type SubscriptionFormValues = z.input<typeof SubscriptionFormSchema>;

/** spec 3: frequency Daily, reminder "7 days before". */
export const SUBSCRIPTION_FORM_DEFAULTS: SubscriptionFormValues = {
  name: "",
  next_renewal_date: "",
  frequency: "Daily",
  cost: "",
  remind_me: DEFAULT_REMINDER_OPTION,
  assigned_to: "Myself",
  cancel_link: "",
};
