// spec 3, 5, 9 and decisions D7: the Add Subscription form: cost text, the reminder choice and
// the link become the body's Number(cost), parseReminderDays and null for an empty link, and a
// subscription is always created with priority "Medium". issue 18: the same form edits a
// subscription, prefilled from it (subscriptionFormValues).
import {
  ASSIGNEES,
  AssigneeSchema,
  DEFAULT_FREQUENCY,
  DEFAULT_PRIORITY,
  CancelLinkSchema,
  CostSchema,
  DEFAULT_REMINDER_OPTION,
  FrequencySchema,
  REMINDER_OPTIONS,
  type ReminderOption,
  RemindDaysSchema,
  type Subscription,
  SubscriptionCreateSchema,
  type SubscriptionCreateInput,
  parseReminderDays,
  reminderText,
} from "@life-admin/domain/forms";
import * as z from "zod/mini";
import { formSchema, requiredDate } from "./form-rules";

export const SubscriptionFormSchema = formSchema(
  z.object({
    name: SubscriptionCreateSchema.shape.name,
    next_renewal_date: requiredDate("Next renewal date is required"),
    frequency: FrequencySchema,
    // spec 5: numeric, step 0.01, minimum 0.
    cost: z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.minLength(1, { error: "Cost is required" })),
        z.transform(Number),
      ),
      CostSchema,
    ),
    // spec 5: the number is read from the choice's text, falling back to 7.
    remind_me: z.pipe(
      z.pipe(z.enum(REMINDER_OPTIONS), z.transform<ReminderOption, number>(parseReminderDays)),
      RemindDaysSchema,
    ),
    assigned_to: AssigneeSchema,
    // spec 5: optional, URL-shaped when given.
    cancel_link: z.pipe(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((link: string) => (link === "" ? null : link)),
      ),
      z.nullable(CancelLinkSchema),
    ),
  }),
  (form): SubscriptionCreateInput => ({
    name: form.name,
    next_renewal_date: form.next_renewal_date,
    cost: form.cost,
    frequency: form.frequency,
    // spec 3, 9: a subscription is always created with priority "Medium".
    priority: DEFAULT_PRIORITY,
    cancel_link: form.cancel_link,
    remind_days_before: form.remind_me,
  }),
  SubscriptionCreateSchema,
);

export type SubscriptionFormValues = z.input<typeof SubscriptionFormSchema>;

/** spec 3: frequency Daily, reminder "7 days before". */
export const SUBSCRIPTION_FORM_DEFAULTS: SubscriptionFormValues = {
  name: "",
  next_renewal_date: "",
  frequency: DEFAULT_FREQUENCY,
  cost: "",
  remind_me: DEFAULT_REMINDER_OPTION,
  assigned_to: ASSIGNEES[0],
  cancel_link: "",
};

/** The reminder choice that reads as `days` ("3 days before"); the default for any other number. */
function reminderOption(days: number): ReminderOption {
  return (
    REMINDER_OPTIONS.find((option) => option === reminderText(days)) ?? DEFAULT_REMINDER_OPTION
  );
}

/**
 * A subscription as its edit form starts: its cost with two decimals, its reminder's choice.
 * issue 21: also a subscription read from a document.
 */
export function subscriptionFormValues(
  subscription: Pick<
    Subscription,
    "name" | "next_renewal_date" | "frequency" | "cost" | "remind_days_before"
  > & { cancel_link?: string | null },
): SubscriptionFormValues {
  return {
    ...SUBSCRIPTION_FORM_DEFAULTS,
    name: subscription.name,
    next_renewal_date: subscription.next_renewal_date,
    frequency: subscription.frequency,
    cost: subscription.cost.toFixed(2),
    remind_me: reminderOption(subscription.remind_days_before),
    cancel_link: subscription.cancel_link ?? "",
  };
}
