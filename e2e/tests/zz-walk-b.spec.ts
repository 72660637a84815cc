import { execSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { card, dialog, openAddSubscription, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import type { LifeAdminClient } from "@life-admin/api-client";

test.use({ ownAccount: true });
const S = "/tmp/walk/";
function log(...a: unknown[]) { console.log("@@", ...a); }
const flat = (s: string) => s.replace(/\n+/g, " | ");

async function seed(api: LifeAdminClient, now: Date) {
  await api.tasks.create({ title: "Put the bins out", due_date: `${utcDatePlus(now, 1)}T00:00:00Z`, frequency: "Weekly", interval: 2 } as never);
  await api.tasks.create({ title: "Clean the gutters", due_date: `${utcDatePlus(now, 3)}T00:00:00Z`, frequency: "Monthly", interval: 6, priority: "High" } as never);
  await api.tasks.create({ title: "Car service", due_date: `${utcDatePlus(now, 20)}T00:00:00Z`, frequency: "Yearly", interval: 2 } as never);
  await api.tasks.create({ title: "Take the pill", due_date: `${utcDatePlus(now, 0)}T20:00:00Z`, frequency: "Daily", interval: 2, priority: "High" } as never);
  await api.tasks.create({ title: "Water plants weekly", due_date: `${utcDatePlus(now, 2)}T00:00:00Z`, frequency: "Weekly" } as never);
  await api.subscriptions.create({ name: "Water bill", cost: 90, next_renewal_date: utcDatePlus(now, 5), frequency: "Monthly", interval: 3, remind_days_before: 7 } as never);
  await api.subscriptions.create({ name: "Streaming", cost: 10, next_renewal_date: utcDatePlus(now, 9), frequency: "Monthly" } as never);
  await api.subscriptions.create({ name: "Domain", cost: 24, next_renewal_date: utcDatePlus(now, 12), frequency: "Yearly", interval: 2, remind_days_before: 14 } as never);
}

async function openSettings(page: Page) {
  await page.getByRole("button", { name: /^Own / }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("B1: lists, events, bell, settings, feed, export, ics", async ({ page, api }, info) => {
  test.setTimeout(240_000);
  const now = new Date();
  await page.clock.setFixedTime(now);
  await seed(api, now);
  await openDashboard(page);
  log("AGENDA", flat(await page.getByRole("region", { name: "7-Day Agenda" }).innerText()));
  for (let i = 0; i < 2; i++) {
    const next = page.getByRole("region", { name: "7-Day Agenda" }).getByRole("button", { name: /next|forward/i });
    if (await next.count()) { await next.first().click(); await page.waitForTimeout(200); }
  }
  log("AGENDA after next x2", flat(await page.getByRole("region", { name: "7-Day Agenda" }).innerText()));
  await page.screenshot({ path: S + "b-dashboard.png", fullPage: true });

  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  let d = dialog(page, "All Tasks");
  await expect(d).toBeVisible();
  await page.waitForTimeout(300);
  log("ALL TASKS", flat(await d.innerText()));
  await page.screenshot({ path: S + "b-alltasks.png" });
  // ics from All Tasks
  const binsRow = d.getByRole("listitem").filter({ hasText: "Put the bins out" });
  log("bins row buttons", (await binsRow.getByRole("button").allInnerTexts()).join(" / "), await binsRow.getByRole("button").evaluateAll((b) => b.map((x) => x.getAttribute("aria-label"))));
  const icsBtn = binsRow.getByRole("button", { name: /ics|calendar/i }).or(binsRow.getByRole("link", { name: /ics|calendar/i }));
  if (await icsBtn.count()) {
    const dl = page.waitForEvent("download");
    await icsBtn.first().click();
    const f = await dl;
    const p = info.outputPath("bins.ics");
    await f.saveAs(p);
    log("ICS from All Tasks", f.suggestedFilename(), "\n" + execSync(`cat "${p}"`).toString());
  } else log("no ics button in row");
  await page.keyboard.press("Escape");
  await expect(d).toBeHidden();

  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  d = dialog(page, "All Subscriptions");
  await expect(d).toBeVisible();
  await page.waitForTimeout(300);
  log("ALL SUBS", flat(await d.innerText()));
  await page.screenshot({ path: S + "b-allsubs.png" });
  await page.keyboard.press("Escape");

  await card(page, "Upcoming Events").getByRole("button", { name: "View all events" }).click();
  d = page.getByRole("dialog").last();
  await page.waitForTimeout(400);
  log("ALL EVENTS", flat(await d.innerText()));
  await page.screenshot({ path: S + "b-allevents.png" });
  await d.screenshot({ path: S + "b-allevents-dialog.png" });
  await page.keyboard.press("Escape");

  const bell = page.getByRole("button", { name: /^Notifications/ });
  log("bell name", await bell.getAttribute("aria-label"), await bell.innerText());
  await bell.click();
  await page.waitForTimeout(400);
  const bellPanel = page.getByRole("dialog").or(page.getByRole("menu")).or(page.getByRole("region", { name: /notif|remind/i }));
  log("BELL", flat(await page.locator("body").innerText()).slice(0, 1500));
  await page.screenshot({ path: S + "b-bell.png" });
  await page.keyboard.press("Escape");

  await openSettings(page);
  await page.waitForTimeout(300);
  log("SETTINGS", flat(await page.locator("main").innerText()));
  await page.screenshot({ path: S + "b-settings.png", fullPage: true });
  const address = page.getByRole("region", { name: "Calendar feed" }).getByLabel("Your calendar address");
  const feed = await page.request.get(await address.inputValue());
  log("FEED", feed.status(), "\n" + (await feed.text()));

  const downloading = page.waitForEvent("download");
  await page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Download all my data" }).click();
  const zip = await downloading;
  const zp = info.outputPath("export.zip");
  await zip.saveAs(zp);
  log("ZIP", zip.suggestedFilename(), execSync(`cd "${info.outputPath()}" && unzip -o export.zip >/dev/null && ls -R && for f in $(find . -name '*.csv' -o -name '*.json' | grep -v node); do echo "== $f"; cat "$f"; echo; done`).toString());
});

test("B2: mark done / undo an every-2-weeks task", async ({ page, api }) => {
  test.setTimeout(240_000);
  const now = new Date();
  await page.clock.setFixedTime(now);
  await seed(api, now);
  await openDashboard(page);
  const bins = card(page, "Tasks").getByRole("listitem").filter({ hasText: "Put the bins out" });
  await bins.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  const notice = page.getByRole("status").filter({ hasText: "done" });
  log("NOTICE", await notice.allInnerTexts());
  log("bins row after", flat(await bins.innerText()));
  await page.screenshot({ path: S + "b2-done-notice.png" });
  log("AGENDA after done", flat(await page.getByRole("region", { name: "7-Day Agenda" }).innerText()));
  log("api after done", JSON.stringify((await api.tasks.list()).find((t) => t.title.includes("bins"))));
  await page.getByRole("button", { name: "Undo" }).first().click();
  await page.waitForTimeout(500);
  log("bins row after undo", flat(await bins.innerText()));
  log("status after undo", await page.getByRole("status").allInnerTexts());
  await page.screenshot({ path: S + "b2-undo.png" });
  log("api after undo", JSON.stringify((await api.tasks.list()).find((t) => t.title.includes("bins"))));
  // done twice, then history
  await bins.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  log("NOTICE2", await page.getByRole("status").allInnerTexts());
  await bins.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  log("NOTICE3", await page.getByRole("status").allInnerTexts());
  log("bins row after 2x", flat(await bins.innerText()));
  await bins.getByRole("button", { name: "Put the bins out", exact: true }).click();
  const edit = dialog(page, "Edit task");
  await expect(edit).toBeVisible();
  await page.waitForTimeout(400);
  log("EDIT FORM", flat(await edit.innerText()));
  await edit.screenshot({ path: S + "b2-edit-history.png" });
  await page.screenshot({ path: S + "b2-edit-history-page.png", fullPage: false });
  // edit form ics
  const dl = page.waitForEvent("download");
  await edit.getByRole("button", { name: "Download .ics" }).click();
  const f = await dl;
  const p = test.info().outputPath("edit.ics");
  await f.saveAs(p);
  log("ICS from edit", f.suggestedFilename(), "\n" + execSync(`cat "${p}"`).toString());
  // undo last completion in edit form
  const undoLast = edit.getByRole("button", { name: /Undo last completion/ });
  if (await undoLast.count()) {
    await undoLast.click();
    await page.waitForTimeout(500);
    log("EDIT after undo last", flat(await edit.innerText()));
    await edit.screenshot({ path: S + "b2-edit-after-undo-last.png" });
  }
  await page.keyboard.press("Escape");
  // pill done in All Tasks
  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  const all = dialog(page, "All Tasks");
  const pill = all.getByRole("listitem").filter({ hasText: "Take the pill" });
  await pill.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  log("pill NOTICE", await page.getByRole("status").allInnerTexts());
  log("pill row", flat(await pill.innerText()));
  await page.screenshot({ path: S + "b2-alltasks-pill-done.png" });
  const car = all.getByRole("listitem").filter({ hasText: "Car service" });
  await car.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  log("car NOTICE", await page.getByRole("status").allInnerTexts());
  log("car row", flat(await car.innerText()));
  const gut = all.getByRole("listitem").filter({ hasText: "Clean the gutters" });
  await gut.getByRole("button", { name: "Mark done" }).click();
  await page.waitForTimeout(500);
  log("gut NOTICE", await page.getByRole("status").allInnerTexts());
  log("gut row", flat(await gut.innerText()));
});
