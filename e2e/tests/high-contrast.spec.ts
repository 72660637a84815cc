// Forced colours (Windows High Contrast): the system's few colours replace the page's, and
// backgrounds, shadows and the overlay's tint are dropped. What only those drew must be drawn
// another way: a dialog's and a notice's edge, the chosen tab, the ring around what has focus, and
// the coloured mark that tells a renewal from a task.
import type { Locator, Page } from "@playwright/test";
import { card, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";

test.use({ forcedColors: "active" });

/**
 * How an element's edge is drawn, by its border or its outline: "none" when neither shows (no
 * width, no style, or a colour with nothing of it or the same as the background behind it).
 */
async function edgeOf(element: Locator): Promise<string> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const alpha = (color: string) => Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(color)?.[1] ?? 1);
    const background = style.backgroundColor;
    const lines = [
      ["border", style.borderTopStyle, style.borderTopWidth, style.borderTopColor],
      ["outline", style.outlineStyle, style.outlineWidth, style.outlineColor],
    ] as const;
    const shown = lines.find(
      ([, lineStyle, width, color]) =>
        lineStyle !== "none" && parseFloat(width) >= 1 && alpha(color) > 0 && color !== background,
    );
    return shown ? `${shown[0]} ${shown[2]} ${shown[3]}` : "none";
  });
}

/** An element's text colour on the background it is seen on (its own, or the nearest behind it). */
async function paintedColours(element: Locator): Promise<string> {
  return element.evaluate((node) => {
    // Forced colours keep a colour's alpha: a transparent background stays unseen.
    const unseen = (color: string) => /rgba\(.*,\s*0\)$/.test(color);
    let box: Element = node;
    while (box.parentElement && unseen(getComputedStyle(box).backgroundColor)) {
      box = box.parentElement;
    }
    return `${getComputedStyle(node).color} on ${getComputedStyle(box).backgroundColor}`;
  });
}

/** The ring around what has focus: its outline, the one line forced colours keep for it. */
async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement ?? document.body);
    const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(style.outlineColor)?.[1] ?? 1);
    const shown = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1 && alpha > 0;
    return shown ? `${style.outlineWidth} ${style.outlineColor}` : "none";
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test("a dialog's edge, its chosen tab and the ring around each control are drawn", async ({
      page,
    }) => {
      await openDashboard(page);
      const modal = await openAddTask(page);
      // Without it the dialog's edge melted into the page behind it.
      expect(await edgeOf(modal)).not.toBe("none");

      const task = modal.getByRole("tab", { name: "Task" });
      const subscription = modal.getByRole("tab", { name: "Subscription" });
      // Both tabs looked alike: nothing said which one the form is.
      expect(await paintedColours(task)).not.toBe(await paintedColours(subscription));

      for (const control of [
        modal.getByLabel("Task Title"),
        modal.getByLabel("Priority", { exact: true }),
        modal.getByRole("button", { name: "Cancel" }),
        modal.getByRole("button", { name: "Close" }),
        task,
      ]) {
        await tabTo(page, control);
        expect(await focusRing(page), await control.evaluate((node) => node.outerHTML)).not.toBe(
          "none",
        );
      }
    });
  });
}

test.describe("a notice", () => {
  test.use({ ownAccount: true });

  test("over the page has an edge, and its Undo a ring when focused", async ({ page, api }) => {
    await api.tasks.create({
      title: "Water the plants",
      due_date: `${utcDatePlus(new Date(), 1)}T09:00:00Z`,
      frequency: "Daily",
      priority: "High",
    });
    await openDashboard(page);
    const row = card(page, "Priority Tasks")
      .getByRole("listitem")
      .filter({ hasText: "Water the plants" });
    await row.getByRole("button", { name: "Mark done" }).click();
    const note = page.getByRole("status").filter({ hasText: "Water the plants is done." });
    await expect(note).toBeVisible();
    // The notice's box, around its note and buttons.
    const notice = note.locator("..");
    expect(await edgeOf(notice)).not.toBe("none");
    const undo = notice.getByRole("button", { name: "Undo" });
    await tabTo(page, undo, 80);
    expect(await focusRing(page)).not.toBe("none");
  });
});

test.describe("Upcoming Events", () => {
  test.use({ ownAccount: true });

  test("marks a task and a renewal apart, each mark seen", async ({ page, api }) => {
    const now = new Date();
    await api.tasks.create({
      title: "Water the plants",
      due_date: `${utcDatePlus(now, 1)}T09:00:00Z`,
      frequency: "Once",
      priority: "High",
    });
    await api.subscriptions.create({
      name: "Netflix",
      next_renewal_date: utcDatePlus(now, 2),
      cost: 9.99,
      frequency: "Monthly",
      priority: "Medium",
      remind_days_before: 7,
    });
    await openDashboard(page);
    const events = card(page, "Upcoming Events");
    // The mark is hidden from screen readers, which hear its meaning in words instead.
    const mark = (name: string) =>
      events.getByRole("listitem").filter({ hasText: name }).locator("[data-tone]");
    const background = (element: Locator) =>
      element.evaluate((node) => getComputedStyle(node).backgroundColor);
    const [task, renewal, around] = await Promise.all([
      background(mark("Water the plants")),
      background(mark("Netflix")),
      background(events),
    ]);
    // Both were painted in the page's own colour: no mark, and no tone, to be seen.
    expect(task).not.toBe(around);
    expect(renewal).not.toBe(around);
    expect(task).not.toBe(renewal);
  });
});
