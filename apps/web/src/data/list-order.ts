// A record the API has just created, placed where the API's own list would put it (spec 7: tasks
// soonest due first, subscriptions next renewal first, ties by id), so the dashboard shows it at
// once and the reload after the modal closes changes nothing a person sees.
import { type Subscription, type Task, instantOf } from "@life-admin/domain";

export function withTask(tasks: readonly Task[], task: Task): Task[] {
  return [...tasks, task].sort(
    (a, b) => instantOf(a.due_date) - instantOf(b.due_date) || a.id - b.id,
  );
}

export function withSubscription(
  subscriptions: readonly Subscription[],
  subscription: Subscription,
): Subscription[] {
  return [...subscriptions, subscription].sort(
    (a, b) => a.next_renewal_date.localeCompare(b.next_renewal_date) || a.id - b.id,
  );
}
