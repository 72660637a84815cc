// Issue 23: a household as its people make it, each in a browser of their own. The owner creates
// it in Settings and reads an invitation link from its field; a person opens the link signed out,
// signs in through the real OpenID flow, comes back to it and joins; a used link says so; a third
// joins, the owner removes them (their next request has no household); a member leaves; a link the
// owner withdraws joins no one. People
// not under test sign in over HTTP and the API's household calls seed what a test is not about,
// so that each test stays well under Playwright's 30 s on two busy cores (8-19 s).
import type { Locator, Page } from "@playwright/test";
import { expect, newPerson, test } from "../support/fixtures.js";
import {
  closeBrowsers,
  householdOver,
  householdsOf,
  peopleWithBrowsers,
} from "../support/households.js";
import { seriousViolations } from "../support/page-checks.js";
import { fillProviderForm } from "../support/sign-in.js";

test.use({ storageState: { cookies: [], origins: [] } });

const USED = "This invitation link has already been used. Ask for a new one.";
const NOT_VALID = "This invitation link is not valid. Ask for a new one.";

/** Settings' "Household" section, straight from its address. */
async function householdSection(page: Page): Promise<Locator> {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Household" });
  await expect(section.getByText(/Loading your household/)).toHaveCount(0);
  return section;
}

/** The members the section lists, as each row reads. */
function members(section: Locator): Locator {
  return section.getByRole("listitem");
}

test("the owner's link joins a person who opens it signed out and signs in", async ({
  page,
  browser,
  playwright,
  stack,
}) => {
  const [owner] = await peopleWithBrowsers(browser, playwright, stack, ["Ada Owner"]);
  if (owner === undefined) throw new Error("no owner");
  try {
    const section = await householdSection(owner.page);
    await section.getByLabel("Household name").fill("The Owners");
    await section.getByRole("button", { name: "Create household" }).click();
    await expect(members(section)).toHaveText(["Ada Owner (you)Owner"]);
    await section.getByRole("button", { name: "Invite someone" }).click();
    const field = section.getByLabel("Invitation link");
    await expect(field).toHaveValue(new RegExp(`^${stack.webUrl}/join#`));
    await expect(section.getByText(/^Works once, until /)).toBeVisible();
    const scope = `[aria-labelledby="${await section.getAttribute("aria-labelledby")}"]`;
    expect(await seriousViolations(owner.page, scope)).toEqual([]);
    const link = await field.inputValue();

    // Signed out: the link's page keeps the token while the person signs in.
    const guest = newPerson("Grace Guest");
    await page.goto(link);
    await expect(
      page.getByRole("heading", { name: "You've been invited to a household" }),
    ).toBeVisible();
    await expect(page).toHaveURL(`${stack.webUrl}/join`);
    await page.getByRole("button", { name: "Sign in to join" }).click();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await fillProviderForm(page, guest);
    // Signed in, the page names the household and who invited the person before they choose.
    await expect(
      page.getByRole("heading", { name: "Ada Owner invited you to join The Owners" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Join household" }).click();
    // Told so, the news focused, with the way to what the household shares.
    await expect(page.getByRole("heading", { name: "You joined The Owners" })).toBeFocused();
    await page.getByRole("button", { name: "Open Family view" }).click();
    await expect(page.getByRole("heading", { name: `Good Morning, ${guest.name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Family view", pressed: true })).toBeVisible();

    const joined = await householdSection(page);
    await expect(joined.getByText("The Owners")).toBeVisible();
    await expect(members(joined)).toHaveText(["Ada OwnerOwner", "Grace Guest (you)Member"]);
  } finally {
    await closeBrowsers([owner]);
  }
});

test("a link already used says so, and joins no one", async ({ browser, playwright, stack }) => {
  const names = ["Uma Owner", "Fay First", "Lee Late"];
  const people = await peopleWithBrowsers(browser, playwright, stack, names);
  const [owner, first, late] = people;
  if (owner === undefined || first === undefined || late === undefined) throw new Error("nobody");
  try {
    const owners = await householdOver(stack, owner, "The Umas", []);
    const { url, token } = await owners.invite();
    await householdsOf(stack, first).join(token);

    // Said on arrival, before anyone presses Join.
    await late.page.goto(url);
    await expect(late.page.getByRole("alert")).toHaveText(USED);
    await expect(late.page.getByRole("button", { name: "Join household" })).toHaveCount(0);
    // Focus goes to the one way on, not the page.
    await expect(late.page.getByRole("button", { name: "Back to dashboard" })).toBeFocused();
    await expect(
      late.page.getByRole("heading", { name: "This invitation can't be used" }),
    ).toBeVisible();
    expect(await householdsOf(stack, late).mine()).toBeNull();
  } finally {
    await closeBrowsers(people);
  }
});

test("a third joins by the link's page; the owner removes them, and their next request has no household", async ({
  browser,
  playwright,
  stack,
}) => {
  const names = ["Olive Owner", "Sam Second", "Theo Third"];
  const people = await peopleWithBrowsers(browser, playwright, stack, names);
  const [owner, second, third] = people;
  if (owner === undefined || second === undefined || third === undefined) throw new Error("nobody");
  try {
    const owners = await householdOver(stack, owner, "The Olives", [second]);

    await third.page.goto((await owners.invite()).url);
    await third.page.getByRole("button", { name: "Join household" }).click();
    await expect(third.page.getByRole("heading", { name: "You joined The Olives" })).toBeVisible();

    const section = await householdSection(owner.page);
    await expect(members(section)).toHaveText([
      "Olive Owner (you)Owner",
      "Sam SecondMemberRemove",
      "Theo ThirdMemberRemove",
    ]);
    await section.getByRole("button", { name: "Remove Theo Third" }).click();
    const question = owner.page.getByRole("alertdialog", { name: "Remove Theo Third?" });
    await expect(question).toContainText("What they shared stops being shared");
    await question.getByRole("button", { name: "Remove" }).click();
    await expect(section.getByRole("status").last()).toHaveText(
      "Theo Third was removed from the household.",
    );
    // Their row and its Remove button are gone: focus stays in the section, on the next step.
    await expect(section.getByRole("button", { name: "Invite someone" })).toBeFocused();

    // Theo's next request: in no household.
    const theirs = await householdSection(third.page);
    await expect(theirs.getByLabel("Household name")).toBeVisible();
  } finally {
    await closeBrowsers(people);
  }
});

test("a member leaves after the question, and the owner's list no longer has them", async ({
  browser,
  playwright,
  stack,
}) => {
  const people = await peopleWithBrowsers(browser, playwright, stack, ["Mia Owner", "Max Member"]);
  const [owner, member] = people;
  if (owner === undefined || member === undefined) throw new Error("nobody signed in");
  try {
    const owners = await householdOver(stack, owner, "The Mias", [member]);

    const section = await householdSection(member.page);
    await section.getByRole("button", { name: "Leave household" }).click();
    const leaving = member.page.getByRole("alertdialog", { name: "Leave The Mias?" });
    await expect(leaving).toContainText("To come back, you need a new invitation link.");
    await leaving.getByRole("button", { name: "Leave household" }).click();
    await expect(section.getByLabel("Household name")).toBeVisible();
    await expect(section.getByRole("heading", { name: "Household" })).toBeFocused();

    expect((await owners.mine())?.members.map((m) => m.full_name)).toEqual(["Mia Owner"]);
  } finally {
    await closeBrowsers(people);
  }
});

test("a link the owner withdraws stops working at once: its page says it can't be used", async ({
  browser,
  playwright,
  stack,
}) => {
  const people = await peopleWithBrowsers(browser, playwright, stack, ["Wren Owner", "Vic Late"]);
  const [owner, late] = people;
  if (owner === undefined || late === undefined) throw new Error("nobody signed in");
  try {
    await householdOver(stack, owner, "The Wrens", []);
    const section = await householdSection(owner.page);
    await expect(section.getByText(/^None\. A link you make shows here/)).toBeVisible();
    await section.getByRole("button", { name: "Invite someone" }).click();
    const link = await section.getByLabel("Invitation link").inputValue();
    const links = section.getByRole("list", { name: "Links not used yet" });
    await expect(links.getByRole("listitem")).toHaveText([
      /^Made \w+ \d+, expires \w+ \d+Withdraw$/,
    ]);
    const scope = `[aria-labelledby="${await section.getAttribute("aria-labelledby")}"]`;
    expect(await seriousViolations(owner.page, scope)).toEqual([]);

    // By keyboard: the row and its button go, and focus stays in the section.
    await links.getByRole("button", { name: /^Withdraw the link made / }).focus();
    await owner.page.keyboard.press("Enter");
    await expect(section.getByRole("status").last()).toHaveText(
      "The link was withdrawn: it no longer works.",
    );
    await expect(section.getByRole("heading", { name: "Links not used yet" })).toBeFocused();
    await expect(section.getByLabel("Invitation link")).toHaveCount(0);
    await expect(section.getByText(/^None\. A link you make shows here/)).toBeVisible();

    await late.page.goto(link);
    await expect(late.page.getByRole("alert")).toHaveText(NOT_VALID);
    await expect(
      late.page.getByRole("heading", { name: "This invitation can't be used" }),
    ).toBeVisible();
    expect(await householdsOf(stack, late).mine()).toBeNull();
  } finally {
    await closeBrowsers(people);
  }
});
