// Example data for the preview, around the fixed "now" of the tests (Saturday 21 November 2026).
import { makeSubscription, makeTask } from "../src/test/fixtures";

export const USER = { full_name: "Grace Hopper" };

export const TASKS = [
  makeTask({
    title: "Renew passport",
    priority: "High",
    due_date: "2026-11-23T09:30:00Z",
    description: "Book the photo booth first.",
    category: "Travel",
    interval: 2,
  }),
  makeTask({ title: "File the tax return", priority: "High", due_date: "2026-11-26T00:00:00Z" }),
  makeTask({ title: "Call the dentist", priority: "Medium", due_date: "2026-11-21T14:00:00Z" }),
  makeTask({
    title: "Water the plants",
    priority: "Low",
    due_date: "2026-11-22T08:00:00Z",
    category: "Home",
  }),
  makeTask({
    title: "Book car service",
    priority: "Medium",
    due_date: "2026-11-18T10:00:00Z",
    completed: true,
  }),
  makeTask({ title: "Plan the holidays", priority: "Low", due_date: "2026-12-12T18:00:00Z" }),
];

export const SUBSCRIPTIONS = [
  makeSubscription({
    name: "Netflix",
    cost: 15.49,
    next_renewal_date: "2026-11-24",
    cancel_link: "https://www.netflix.com/cancelplan",
  }),
  makeSubscription({
    name: "Spotify Family",
    cost: 19.99,
    next_renewal_date: "2026-11-22",
    remind_days_before: 1,
  }),
  makeSubscription({
    name: "Gym membership",
    cost: 42,
    next_renewal_date: "2026-12-05",
    frequency: "Monthly",
    interval: 3,
    remind_days_before: 3,
  }),
  makeSubscription({
    name: "Cloud storage",
    cost: 99.99,
    frequency: "Yearly",
    next_renewal_date: "2027-02-01",
    remind_days_before: 30,
    cancel_link: "javascript:alert(1)",
  }),
  makeSubscription({
    name: "Newspaper",
    cost: 8.5,
    frequency: "Weekly",
    next_renewal_date: "2026-11-10",
    priority: "Low",
  }),
];
