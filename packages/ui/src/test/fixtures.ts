// Plain example data for tests and the preview, checked against the domain's own schemas so it
// can never drift from what the API sends.
import {
  type AgendaDay,
  type Subscription,
  SubscriptionSchema,
  type Task,
  TaskSchema,
  buildAgenda,
  calendarDateIn,
} from "@life-admin/domain";

/** Saturday 21 November 2026, 09:00 UTC. */
export const NOW = new Date("2026-11-21T09:00:00Z");
export const LOCALE = "en-US";
/** The person's currency (issue 22): US dollars, as an en-US browser's is until they pick one. */
export const CURRENCY = "USD";
export const TIME_ZONE = "UTC";
/** The person's today at NOW in TIME_ZONE. */
export const TODAY = calendarDateIn(NOW, TIME_ZONE);

let nextId = 1;

export function makeTask(overrides: Partial<Task> = {}): Task {
  return TaskSchema.parse({
    id: nextId++,
    title: "Water the plants",
    description: null,
    due_date: "2026-11-22T10:00:00Z",
    category: null,
    priority: "Medium",
    completed: false,
    frequency: "Weekly",
    notes: null,
    ...overrides,
  });
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return SubscriptionSchema.parse({
    id: nextId++,
    name: "Netflix",
    cost: 15.49,
    frequency: "Monthly",
    next_renewal_date: "2026-11-25",
    remind_days_before: 7,
    priority: "Medium",
    cancel_link: null,
    active: true,
    ...overrides,
  });
}

/** The agenda the dashboard builds from these tasks and subscriptions at NOW. */
export function agendaAtNow(
  tasks: readonly Task[] = [],
  subscriptions: readonly Subscription[] = [],
): AgendaDay[] {
  return buildAgenda({ tasks, subscriptions, today: TODAY });
}
