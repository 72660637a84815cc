// Issue 8, suite 6 (the browser half): a bad cancel link written straight into the database,
// past the API's validation, never becomes a live link in the web app. The API is stopped while
// its database is written, then started again.
import { setCancelLinks } from "../support/database.js";
import { dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/isolated-stack.js";

const BAD_LINKS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "\u0001javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example.test/cancel",
  "/settings",
];

test("bad cancel links from the database are shown as text-free cards without a link", async ({
  page,
  api,
  isolatedStack,
}) => {
  const base = {
    cost: 5,
    frequency: "Monthly",
    priority: "Medium",
    remind_days_before: 7,
  } as const;
  const ids = new Map<number, string>();
  for (const [index, link] of BAD_LINKS.entries()) {
    const created = await api.subscriptions.create({
      ...base,
      name: `Bad link ${String(index + 1)}`,
      next_renewal_date: `2031-01-${String(index + 10)}`,
      cancel_link: "https://placeholder.example.test/",
    });
    ids.set(created.id, link);
  }
  await api.subscriptions.create({
    ...base,
    name: "Good link",
    next_renewal_date: "2031-02-01",
    cancel_link: "https://good.example.test/cancel",
  });

  await isolatedStack.api.stop();
  await setCancelLinks(isolatedStack.api, ids);
  await isolatedStack.api.start();
  // The database holds them now, as the API hands them out.
  const stored = await api.subscriptions.list();
  expect(stored.filter((s) => s.name.startsWith("Bad")).map((s) => s.cancel_link)).toEqual(
    BAD_LINKS,
  );

  const alerts: string[] = [];
  page.on("dialog", (shown) => {
    alerts.push(shown.message());
    void shown.dismiss();
  });
  await openDashboard(page);
  await page.getByRole("button", { name: "View all subscriptions" }).click();
  const all = dialog(page, "All Subscriptions");
  await expect(all.getByRole("heading", { level: 3 })).toHaveCount(BAD_LINKS.length + 1);

  // One live link: the good one. The bad ones' cards have none, and nothing on the page points
  // anywhere but http(s).
  const links = all.getByRole("link");
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute("href", "https://good.example.test/cancel");
  for (const index of BAD_LINKS.keys()) {
    const item = all.getByRole("listitem").filter({ hasText: `Bad link ${String(index + 1)}` });
    await expect(item).toBeVisible();
    await expect(item.getByRole("link")).toHaveCount(0);
    await expect(item).not.toContainText("Manage Subscription");
  }
  const hrefs = await page.evaluate(() =>
    Array.from(document.querySelectorAll("[href], [src], [action], [formaction]"), (element) =>
      ["href", "src", "action", "formaction"].map((name) => element.getAttribute(name) ?? ""),
    ).flat(),
  );
  for (const value of hrefs.filter(Boolean)) {
    expect(value).not.toMatch(/^\W*(javascript|vbscript|data:text)/i);
  }
  expect(alerts).toEqual([]);
});
