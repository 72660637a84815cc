import type { Locator, Page } from "@playwright/test";
import { answerCalendarOffer, card, dialog, openAddSubscription, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });
const S = "/tmp/walk/";
function log(...a: unknown[]) { console.log("@@", ...a); }

async function saveTask(page: Page, modal: Locator) {
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await answerCalendarOffer(page);
  await expect(modal).toBeHidden();
}

test("A: add five by the forms, see everywhere", async ({ page, api }) => {
  test.setTimeout(240_000);
  const now = new Date();
  await page.clock.setFixedTime(now);
  await openDashboard(page);
  // bins
  let modal = await openAddTask(page);
  log("TASK FORM", await modal.ariaSnapshot());
  await modal.getByLabel("Task Title").fill("Put the bins out");
  await modal.getByLabel("Due Date").fill(utcDatePlus(now, 1));
  await modal.getByLabel("Frequency").selectOption("Weekly");
  const every = modal.getByLabel("Repeat every");
  await every.fill("2");
  await page.screenshot({ path: S + "a-task-form-bins.png" });
  log("TASK FORM weekly", await modal.ariaSnapshot());
  // errors
  for (const v of ["0", "100", "", "1.5", "-2"]) {
    await every.fill(v);
    await modal.getByRole("button", { name: "Save and add to calendar" }).click();
    await page.waitForTimeout(300);
    log(`ERR value=[${v}]`, JSON.stringify(await every.inputValue()), "desc:", await every.evaluate((e: HTMLInputElement) => e.getAttribute("aria-describedby") + " | invalid=" + e.getAttribute("aria-invalid") + " | validity=" + e.validationMessage), "focused:", await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id));
    log("modal text", (await modal.innerText()).replace(/\n+/g, " | "));
    await page.screenshot({ path: S + `a-err-${v || "empty"}.png` });
  }
  await every.fill("2");
  await modal.getByLabel("Frequency").selectOption("Once");
  log("once: repeat visible?", await every.isVisible());
  await page.screenshot({ path: S + "a-task-form-once.png" });
  await modal.getByLabel("Frequency").selectOption("Weekly");
  log("back weekly value", await every.inputValue());
  await saveTask(page, modal);
  log("tasks after bins", JSON.stringify(await api.tasks.list()));

  // gutter every 6 months, high priority
  modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Clean the gutters");
  await modal.getByLabel("Due Date").fill(utcDatePlus(now, 3));
  await modal.getByLabel("Frequency").selectOption("Monthly");
  await modal.getByLabel("Repeat every").fill("6");
  try { await modal.getByLabel("Priority").selectOption({ label: "High" }); } catch (e) { log("priority err", String(e).slice(0, 200)); }
  await saveTask(page, modal);

  // car service every 2 years
  modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Car service");
  await modal.getByLabel("Due Date").fill(utcDatePlus(now, 20));
  await modal.getByLabel("Frequency").selectOption("Yearly");
  await modal.getByLabel("Repeat every").fill("2");
  log("car desc", await modal.getByLabel("Repeat every").evaluate((e) => e.getAttribute("aria-describedby")), (await modal.innerText()).replace(/\n+/g, " | "));
  await saveTask(page, modal);

  // pill every 2 days, today 08:00? use due today at 20:00
  modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Take the pill");
  await modal.getByLabel("Due Date").fill(utcDatePlus(now, 0));
  await modal.getByLabel("Time").fill("23:30");
  await modal.getByLabel("Frequency").selectOption("Daily");
  await modal.getByLabel("Repeat every").fill("2");
  try { await modal.getByLabel("Priority").selectOption({ label: "High" }); } catch (e) { log("priority err", String(e).slice(0, 200)); }
  await page.screenshot({ path: S + "a-task-form-pill.png" });
  await saveTask(page, modal);

  // water bill every 3 months
  modal = await openAddSubscription(page);
  log("SUB FORM", await modal.ariaSnapshot());
  await modal.getByLabel("Subscription Name").fill("Water bill");
  await modal.getByLabel("Next renewal Date").fill(utcDatePlus(now, 5));
  await modal.getByLabel("Frequency").first().selectOption("Monthly");
  await modal.getByLabel("Repeat every").fill("3");
  await modal.getByLabel("Cost").fill("90");
  log("SUB FORM filled", await modal.ariaSnapshot());
  await page.screenshot({ path: S + "a-sub-form-water.png" });
  await modal.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(modal).toBeHidden();
  await page.waitForTimeout(500);
  log("tasks", JSON.stringify(await api.tasks.list()));
  log("subs", JSON.stringify(await api.subscriptions.list()));

  await page.screenshot({ path: S + "a-dashboard-1280.png", fullPage: true });
  for (const name of ["Priority Tasks", "Tasks", "Upcoming Events", "Renewals Soon", "Subscriptions"]) {
    const c = card(page, name);
    log(`CARD ${name}:`, (await c.count()) ? (await c.innerText()).replace(/\n+/g, " | ") : "(none)");
  }
  const main = await page.locator("main").innerText();
  log("MAIN", main.replace(/\n+/g, " | "));
});
