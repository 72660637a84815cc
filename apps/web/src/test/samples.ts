// Test-only: a user's data as the API returns it, around the tests' clock (Saturday 21 November
// 2026, 09:00 UTC).
import type { Subscription, Task } from "@life-admin/domain";

export const PASSPORT: Task = {
  id: 1,
  title: "Renew passport",
  description: "Photos first",
  due_date: "2026-11-23T14:30:00Z",
  category: "Travel",
  priority: "High",
  completed: false,
  frequency: "Yearly",
  notes: "Photos first",
};

export const DENTIST: Task = {
  id: 2,
  title: "Book dentist",
  description: null,
  due_date: "2026-11-25T00:00:00Z",
  category: null,
  priority: "Low",
  completed: true,
  frequency: "Yearly",
  notes: null,
};

export const NETFLIX: Subscription = {
  id: 7,
  name: "Netflix",
  cost: 12.99,
  frequency: "Monthly",
  next_renewal_date: "2026-11-21",
  remind_days_before: 7,
  priority: "Medium",
  cancel_link: "https://www.netflix.com/cancelplan",
  active: true,
};

export const GYM: Subscription = {
  id: 8,
  name: "Gym",
  cost: 30,
  frequency: "Monthly",
  next_renewal_date: "2026-11-22",
  remind_days_before: 1,
  priority: "Medium",
  cancel_link: null,
  active: true,
};
