// A signed-in user with a life's worth of records, made the way a person's would be: signed in
// through the local OpenID provider, then created through the API with @life-admin/api-client.
// The records are spread over the coming year (and a few weeks past), across every priority
// and frequency, so that the dashboard has something in each of its cards.
import {
  createLifeAdminClient,
  memoryTokenStore,
  type LifeAdminClient,
  type SubscriptionCreateBody,
  type TaskCreateBody,
} from "@life-admin/api-client";
import type { TokenSet } from "@life-admin/domain";
import { signInThroughProvider } from "@life-admin/reliability/sign-in";

const TASK_TITLES = [
  "Renew passport",
  "Pay council tax",
  "Book dentist check-up",
  "File tax return",
  "Service the car",
  "Renew home insurance",
  "Submit meter reading",
  "Update will",
  "Cancel gym trial",
  "Register to vote",
];
const SUBSCRIPTION_NAMES = ["Netflix", "Spotify", "iCloud+", "Gym", "Newspaper", "Cloud backup"];
const FREQUENCIES = ["Daily", "Weekly", "Monthly", "Yearly"] as const;
const PRIORITIES = ["High", "Medium", "Low"] as const;
const DAY_MS = 86_400_000;

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;

/** The n-th task: due between 20 days ago and a year ahead, at a whole hour. */
export function taskFor(n: number, now: Date): TaskCreateBody {
  const due = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  due.setTime(due.getTime() + (((n * 37) % 385) - 20) * DAY_MS + (n % 12) * 3_600_000);
  return {
    title: `${pick(TASK_TITLES, n)} (${n + 1})`,
    due_date: due.toISOString().replace(".000Z", "Z"),
    frequency: pick(FREQUENCIES, n),
    priority: pick(PRIORITIES, n),
    notes: n % 3 === 0 ? `Reference ${n + 1}: bring the letter and a photo ID.` : null,
  };
}

/** The n-th subscription: renewing on a day of the coming year. */
export function subscriptionFor(n: number, now: Date): SubscriptionCreateBody {
  const renews = new Date(now.getTime() + ((n * 13) % 365) * DAY_MS);
  return {
    name: `${pick(SUBSCRIPTION_NAMES, n)} (${n + 1})`,
    next_renewal_date: renews.toISOString().slice(0, 10),
    cost: Number((((n * 7) % 5000) / 100 + 0.99).toFixed(2)),
    frequency: pick(FREQUENCIES, n + 2),
    priority: pick(PRIORITIES, n + 1),
    remind_days_before: [1, 3, 7, 14][n % 4],
    cancel_link: n % 2 === 0 ? `https://example.com/account/cancel/${n + 1}` : null,
  };
}

export interface SeededUser {
  email: string;
  tokens: TokenSet;
  client: LifeAdminClient;
}

/** Signs a new person in through the provider. */
export async function signIn(apiUrl: string, name: string): Promise<SeededUser> {
  const email = `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, ".")}@bench.example`;
  const tokens = await signInThroughProvider(apiUrl, { name, email });
  const client = createLifeAdminClient({ baseUrl: apiUrl, tokens: memoryTokenStore(tokens) });
  return { email, tokens, client };
}

/** Calls `create(n)` for n in [0, count), `concurrency` at a time. */
export async function createAll(
  count: number,
  concurrency: number,
  create: (n: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next;
      next += 1;
      await create(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export async function seedRecords(
  user: SeededUser,
  counts: { tasks: number; subscriptions: number },
  now = new Date(),
): Promise<void> {
  await createAll(counts.tasks, 8, (n) => user.client.tasks.create(taskFor(n, now)));
  await createAll(counts.subscriptions, 8, (n) =>
    user.client.subscriptions.create(subscriptionFor(n, now)),
  );
}
