// What a person using a screen reader hears, read from Chromium's accessibility tree (axe, in
// accessibility.spec.ts, finds no serious violation; these are what it cannot judge): a control
// repeated on every card is named with its card's record, so that a list of the page's buttons
// still says which is which; the subscription form's second Frequency says it is the first one
// again; the Settings page's one navigation does not claim a name it is not; and a form given back
// after its sign-in ended says so as the dialog opens, not in a live region that arrives with it.
import {
  card,
  dialog,
  openAddSubscription,
  openAddTask,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { fillProviderForm } from "../support/sign-in.js";

test.use({ ownAccount: true });

test("the dashboard is one page of cards: one h1, each card an h2 region, in the banner and main landmarks", async ({
  page,
  api,
  account,
}) => {
  await api.tasks.create({
    title: "Pay rent",
    due_date: `${utcDatePlus(new Date(), 1)}T09:00:00Z`,
    priority: "High",
  });
  await openDashboard(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([
    `Good Morning, ${account.name}`,
  ]);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Priority Tasks",
    "Upcoming Events",
    "Renewals Soon",
    "7-Day Agenda",
    "Tasks",
    "Subscriptions",
  ]);
  await expect(page.getByRole("banner")).toMatchAriaSnapshot(`
    - banner:
      - group "View":
        - button "My View" [pressed]
        - button "Family view"
      - button /^Notifications/
      - button "${account.name}"
  `);
});

test("All Tasks names each task's Download .ics with the task, as a list of buttons reads it", async ({
  page,
  api,
}) => {
  const now = new Date();
  await api.tasks.create({
    title: "Pay rent",
    due_date: `${utcDatePlus(now, 1)}T09:00:00Z`,
    priority: "High",
  });
  await api.tasks.create({
    title: "Call the bank",
    due_date: `${utcDatePlus(now, 4)}T00:00:00Z`,
    priority: "Low",
  });
  await openDashboard(page);
  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  const modal = dialog(page, "All Tasks");
  await expect(modal.getByRole("list")).toMatchAriaSnapshot(`
    - list:
      - listitem:
        - heading "Pay rent" [level=3]
        - button "Download .ics for Pay rent"
      - listitem:
        - heading "Call the bank" [level=3]
        - button "Download .ics for Call the bank"
  `);
});

test("each task's Mark done and each subscription's Active switch is named with its record", async ({
  page,
  api,
}) => {
  const now = new Date();
  for (const title of ["Pay rent", "Call the bank"]) {
    await api.tasks.create({
      title,
      due_date: `${utcDatePlus(now, 2)}T00:00:00Z`,
      priority: "Low",
    });
  }
  await api.subscriptions.create({
    name: "Gym",
    next_renewal_date: utcDatePlus(now, 20),
    cost: 40,
    frequency: "Yearly",
    priority: "Low",
    remind_days_before: 7,
  });
  await openDashboard(page);
  const tasks = card(page, "Tasks");
  for (const title of ["Pay rent", "Call the bank"]) {
    await expect(
      tasks.getByRole("button", { name: `Mark done ${title}`, exact: true }),
    ).toBeVisible();
  }
  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  await expect(
    dialog(page, "All Subscriptions").getByRole("switch", { name: "Active Gym", exact: true }),
  ).toBeChecked();
});

test("All Subscriptions says how far off a renewal is as words that follow its date", async ({
  page,
  api,
}) => {
  const renewal = utcDatePlus(new Date(), 20);
  await api.subscriptions.create({
    name: "Gym",
    next_renewal_date: renewal,
    cost: 40,
    frequency: "Yearly",
    priority: "Low",
    remind_days_before: 7,
  });
  await openDashboard(page);
  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  const shown = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(new Date(renewal));
  await expect(dialog(page, "All Subscriptions").getByRole("listitem")).toMatchAriaSnapshot(`
    - listitem:
      - heading "Gym" [level=3]
      - paragraph: "$40.00"
      - paragraph: "Next Renewal: ${shown} in 20 days"
  `);
});

test("the subscription form's second Frequency says it is the first one again", async ({
  page,
}) => {
  await openDashboard(page);
  const modal = await openAddSubscription(page);
  const [first, second] = [
    modal.getByLabel("Frequency").first(),
    modal.getByLabel("Frequency").last(),
  ];
  await expect(first).toHaveAccessibleDescription("");
  await expect(second).toHaveAccessibleDescription(
    "The same as the Frequency above: changing either changes both.",
  );
  // Once, as the select's description: not read again as text after it.
  expect(await modal.getByRole("form").ariaSnapshot()).not.toContain("The same as");
});

test("Settings has one h1, and its way back is a navigation that does not call itself Settings", async ({
  page,
}) => {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Settings"]);
  const navigation = page.getByRole("banner").getByRole("navigation");
  await expect(navigation.getByRole("link", { name: "Back to dashboard" })).toBeVisible();
  await expect(navigation).toHaveAccessibleName("");
});

test("a form given back after its sign-in ended says so as its dialog opens", async ({
  page,
  api,
  account,
}) => {
  await openDashboard(page);
  const modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Book the boiler service");
  await modal.getByLabel("Due Date").fill("2031-06-15");
  // Signed out everywhere else, from another device (session-end-keeps-form.spec.ts).
  await api.auth.logout();
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await fillProviderForm(page, account);

  const again = dialog(page, "Add New Task/Subscription");
  await expect(again).toHaveAccessibleDescription(
    "You were signed out before this was saved. Here is what you had typed: check it and save.",
  );
  // Said once: with the dialog, not again by a live region.
  await expect(again.getByRole("status").filter({ hasText: "signed out" })).toHaveCount(0);
});
