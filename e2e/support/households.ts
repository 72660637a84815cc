// Issue 23: people each in a browser of their own, signed in over HTTP (the same OpenID flow as
// the pages, without their time), and households made over the API's calls, for the specs about
// what a household shares.
import { createLifeAdminClient, memoryTokenStore } from "@life-admin/api-client";
import { householdCalls } from "@life-admin/api-client/households";
import type { Browser, Page } from "@playwright/test";
import { newPerson } from "./fixtures.js";
import { type Account, signInOverHttp, storageStateFor } from "./sign-in.js";
import type { StackAddress } from "./stack.js";

/** A person signed in over HTTP, and a browser of theirs holding the session. */
async function personWithBrowser(
  browser: Browser,
  request: Parameters<typeof signInOverHttp>[0],
  stack: StackAddress,
  name: string,
): Promise<Account & { page: Page }> {
  const person = newPerson(name);
  const tokens = await signInOverHttp(request, stack, person);
  const context = await browser.newContext({
    baseURL: stack.webUrl,
    storageState: storageStateFor(stack.webUrl, tokens),
    reducedMotion: "reduce",
  });
  return { ...person, tokens, page: await context.newPage() };
}

/** People signed in over HTTP, each with a browser of their own, in the order named. */
export async function peopleWithBrowsers(
  browser: Browser,
  playwright: { request: { newContext: () => Promise<Parameters<typeof signInOverHttp>[0]> } },
  stack: StackAddress,
  names: string[],
): Promise<(Account & { page: Page })[]> {
  const request = await playwright.request.newContext();
  try {
    const people = [];
    for (const name of names) people.push(await personWithBrowser(browser, request, stack, name));
    return people;
  } finally {
    await request.dispose();
  }
}

export async function closeBrowsers(people: { page: Page }[]): Promise<void> {
  for (const person of people) await person.page.context().close();
}

/** `owner` creates a household named `name`, and `joining` join it by links, over HTTP. */
export async function householdOver(
  stack: StackAddress,
  owner: Account,
  name: string,
  joining: Account[],
): Promise<ReturnType<typeof householdsOf>> {
  const owners = householdsOf(stack, owner);
  await owners.create(name);
  for (const person of joining)
    await householdsOf(stack, person).join((await owners.invite()).token);
  return owners;
}

/** The household calls as `account`, over HTTP. */
export function householdsOf(stack: StackAddress, account: Account) {
  return householdCalls(
    createLifeAdminClient({
      baseUrl: stack.apiUrl,
      tokens: memoryTokenStore(account.tokens),
      locks: null,
    }),
  );
}
