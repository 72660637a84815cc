// People whose names and words are not English ASCII, signed in through the local OpenID provider:
// the greeting and the avatar's letter keep a character whole (an emoji, a letter under an accent),
// a right-to-left name leaves the header's layout as it is, and a right-to-left title in an English
// row is isolated (Unicode bidi, UAX #9), so its digits and the punctuation after it stay where a
// reader of its script reads them.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { closeBrowsers, householdOver, peopleWithBrowsers } from "../support/households.js";
import { expectNoSidewaysScroll } from "../support/page-checks.js";
import { signInThroughUi } from "../support/sign-in.js";

const NAMES: [name: string, letter: string][] = [
  ["李小龍", "李"],
  ["Nguyễn Thị Minh Khai", "N"],
  ["محمد الأحمد", "م"],
  ["Siobhán O'Brien-Smythe", "S"],
  ["Madonna", "M"],
  ["🌻 Sunny", "🌻"],
  // 120 UTF-16 units, each "é" a letter and a combining accent: the avatar shows both.
  [`${"e\u0301lodie ".repeat(12)}Ünïcødé Øvergaard-Ñúñez!`, "E\u0301"],
];

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const [name, letter] of NAMES) {
    test(`greets ${name.length > 40 ? "a 120-character name" : name} by name, with a whole first character`, async ({
      page,
    }) => {
      await signInThroughUi(page, newPerson(name));
      const header = page.getByRole("banner");
      const avatar = header.getByText(letter, { exact: true });
      await expect(avatar).toBeVisible();
      const shown = header.getByText(name, { exact: true });
      await expect(shown).toBeVisible();
      // The header's order is the page's (left to right), whatever the name's script.
      const [avatarBox, nameBox] = [await avatar.boundingBox(), await shown.boundingBox()];
      expect(avatarBox && nameBox && avatarBox.x < nameBox.x).toBe(true);
      const headerDirection = await header.evaluate(
        (element) => getComputedStyle(element).direction,
      );
      expect(headerDirection).toBe("ltr");
    });
  }
});

/** Where `text` is drawn inside `element`, from the left: the left edge of its first character. */
function xOf(element: Locator, text: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return range.getBoundingClientRect().x;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, text);
}

const ARABIC = "دفع فاتورة الكهرباء 42!";
const HEBREW = "חידוש דרכון?";

async function titledRow(page: Page, where: Locator, title: string): Promise<Locator> {
  const row = where.getByRole("button", { name: title, exact: true }).first();
  await expect(row).toBeVisible();
  return row;
}

test.describe("right-to-left titles in English rows", () => {
  test.use({ ownAccount: true });

  test("keep their digits and closing punctuation where their script reads them", async ({
    page,
    api,
  }) => {
    const now = new Date();
    await page.clock.setFixedTime(now);
    const due = `${utcDatePlus(now, 1)}T09:30:00Z`;
    await api.tasks.create({ title: ARABIC, due_date: due, frequency: "Once", priority: "High" });
    await api.tasks.create({ title: HEBREW, due_date: due, frequency: "Once", priority: "High" });
    await openDashboard(page);

    /** Read right to left, "!" ends the Arabic title after "42", and "?" the Hebrew one. */
    const expectReadInOwnDirection = async (where: Locator) => {
      const arabic = await titledRow(page, where, ARABIC);
      expect(await xOf(arabic, "!")).toBeLessThan(await xOf(arabic, "42"));
      expect(await xOf(arabic, "42")).toBeLessThan(await xOf(arabic, "دفع"));
      const hebrew = await titledRow(page, where, HEBREW);
      expect(await xOf(hebrew, "?")).toBeLessThan(await xOf(hebrew, "חידוש"));
    };
    await expectReadInOwnDirection(card(page, "Tasks"));
    await expectReadInOwnDirection(page.getByRole("region", { name: "Next 7 days" }));
    await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
    await expectReadInOwnDirection(dialog(page, "All Tasks"));
  });

  test("keep them in the bell's reminders too", async ({ page, api }) => {
    const now = new Date();
    await page.clock.setFixedTime(now);
    // Overdue since yesterday: a reminder.
    const due = `${utcDatePlus(now, -1)}T09:30:00Z`;
    await api.tasks.create({ title: ARABIC, due_date: due, frequency: "Once", priority: "High" });
    await openDashboard(page);
    await page.getByRole("button", { name: "Notifications, 1 unread", exact: true }).click();
    const reminder = dialog(page, "Notifications").getByRole("listitem");
    await expect(reminder).toContainText(ARABIC);
    expect(await xOf(reminder, "!")).toBeLessThan(await xOf(reminder, "42"));
    expect(await xOf(reminder, "42")).toBeLessThan(await xOf(reminder, "دفع"));
  });
});

test.describe("the edit form of a right-to-left title", () => {
  test.use({ ownAccount: true });

  test("shows the title and notes from the right, in their own direction", async ({
    page,
    api,
  }) => {
    const now = new Date();
    await page.clock.setFixedTime(now);
    await api.tasks.create({
      title: ARABIC,
      notes: "الفاتورة في البريد\nرقم 42.",
      due_date: `${utcDatePlus(now, 1)}T09:30:00Z`,
      frequency: "Once",
    });
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: ARABIC, exact: true }).click();
    const edit = dialog(page, "Edit task");
    const direction = (field: Locator) =>
      field.evaluate((element) => getComputedStyle(element).direction);
    await expect(edit.getByLabel("Task Title")).toHaveValue(ARABIC);
    expect(await direction(edit.getByLabel("Task Title"))).toBe("rtl");
    expect(await direction(edit.getByLabel("Notes (Optional)"))).toBe("rtl");
  });
});

test.describe("one task's .ics download", () => {
  test.use({ ownAccount: true });

  test("is saved under the title's own letters, in any script", async ({ page, api }) => {
    const now = new Date();
    await page.clock.setFixedTime(now);
    const title = "年金の手続き";
    await api.tasks.create({
      title,
      due_date: `${utcDatePlus(now, 1)}T09:30:00Z`,
      frequency: "Once",
    });
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: title, exact: true }).click();
    const downloading = page.waitForEvent("download");
    await dialog(page, "Edit task").getByRole("button", { name: "Download .ics" }).click();
    expect((await downloading).suggestedFilename()).toBe("年金の手続き.ics");
  });
});

test.describe("a household of names in any script", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("lists every member by their whole name, the page no wider than the window", async ({
    browser,
    playwright,
    stack,
  }) => {
    const names = NAMES.map(([name]) => name);
    const people = await peopleWithBrowsers(browser, playwright, stack, names);
    try {
      const [owner, ...members] = people;
      if (owner === undefined) throw new Error("no owner");
      await householdOver(stack, owner, "بيت العائلة", members);
      const { page } = owner;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Household" });
      await expect(section.getByText("بيت العائلة", { exact: true })).toBeVisible();
      const list = section.getByRole("list", { name: "بيت العائلة" });
      for (const name of names) await expect(list.getByText(name)).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      await closeBrowsers(people);
    }
  });
});

test.describe("a title of one long word", () => {
  test.use({ ownAccount: true, viewport: { width: 390, height: 844 } });

  test("wraps inside its row on a phone, none of it cut off", async ({ page, api }) => {
    const now = new Date();
    await page.clock.setFixedTime(now);
    const title =
      "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsnachweisxxxx";
    expect(title).toHaveLength(80);
    const due = `${utcDatePlus(now, 1)}T09:30:00Z`;
    await api.tasks.create({ title, due_date: due, frequency: "Once", priority: "High" });
    await openDashboard(page);
    for (const where of [card(page, "Tasks"), card(page, "Priority Tasks")]) {
      const row = where.getByRole("button", { name: title, exact: true });
      await expect(row).toBeVisible();
      const cut = await row.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut).toBe(false);
    }
    await expectNoSidewaysScroll(page);
  });
});
