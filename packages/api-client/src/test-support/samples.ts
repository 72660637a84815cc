// Test-only: answers as the API gives them (spec 3), valid against the domain's schemas.
import type { Subscription, Task, User } from "@life-admin/domain";

export const sampleTask: Task = {
  id: 1,
  title: "Renew passport",
  description: "Photos first",
  due_date: "2026-03-01T09:00:00Z",
  category: null,
  priority: "High",
  completed: false,
  frequency: "Yearly",
  notes: "Photos first",
};

export const sampleSubscription: Subscription = {
  id: 7,
  name: "Netflix",
  cost: 12.99,
  frequency: "Monthly",
  next_renewal_date: "2026-03-05",
  remind_days_before: 7,
  priority: "Medium",
  cancel_link: "https://www.netflix.com/cancelplan",
  active: true,
};

export const sampleUser: User = {
  id: 3,
  email: "ada@example.test",
  full_name: "Ada Lovelace",
  picture: null,
  created_at: "2026-01-01T00:00:00Z",
  time_zone: "UTC",
  email_reminders: false,
  reminder_hour: 8,
  currency: "GBP",
  currency_chosen: false,
  time_zone_chosen: false,
  email_available: false,
  email_last_error: null,
};
