// The suite's `test`: every test runs signed in (unless it clears `storageState`), against the
// product global-setup started, with animations off.
//
// Who a test is signed in as:
// - by default the worker's account: signed in once per worker through the UI (the real OpenID
//   flow), its stored state (localStorage `tokenData`) reused by every test of the worker. Such
//   tests never depend on what the account already holds (they add nothing it lists, or look
//   only at their own records).
// - with `test.use({ ownAccount: true })` a user of the test's own, signed in over HTTP through
//   the same flow: for tests that look at whole lists (counts, order, "at most five") or that
//   change the session itself.
// Data is seeded through the API with the api-client package (`api`), as that user.
import { randomUUID } from "node:crypto";
import {
  createLifeAdminClient,
  memoryTokenStore,
  type LifeAdminClient,
} from "@life-admin/api-client";
import { type Browser, type BrowserContext, test as base } from "@playwright/test";
import { databaseTemplate, mainStack } from "./main-stack.js";
import {
  type Account,
  type Person,
  signInOverHttp,
  signInThroughUi,
  storageStateFor,
  storedTokens,
} from "./sign-in.js";
import { type Stack, type StackAddress, startStack } from "./stack.js";

/** Animations and transitions off, so screenshots and positions never catch one half-way. */
const NO_ANIMATIONS_CSS =
  "*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;" +
  "transition-duration:0s!important;transition-delay:0s!important;scroll-behavior:auto!important}";

interface Options {
  /** A user of the test's own instead of the worker's (see above). */
  ownAccount: boolean;
}

interface TestFixtures {
  /** The product under test (the main stack unless a spec says otherwise). */
  stack: StackAddress;
  /** The signed-in user. */
  account: SignedIn;
  /** The API client, signed in as `account`, for seeding and reading back. */
  api: LifeAdminClient;
}

interface WorkerFixtures {
  /** The worker's account on a stack, signed in through the UI the first time it is asked for. */
  workerAccount: (stack: StackAddress) => Promise<SignedIn>;
  /**
   * A product of the worker's own, for tests that stop and start the API or write to its
   * database. Started the first time a test of the worker asks for it.
   */
  isolatedStack: Stack;
}

let people = 0;

/** A new person: the email is what makes a user (the local provider keys users by it). */
export function newPerson(name: string): Person {
  people += 1;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return { name, email: `${slug}-${String(people)}-${randomUUID().slice(0, 8)}@e2e.test` };
}

/** A signed-in user and the browser state that holds the session. */
export interface SignedIn extends Account {
  storageState: StorageState;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

async function signInOnce(
  browser: Browser,
  stack: StackAddress,
  person: Person,
): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  try {
    const page = await context.newPage();
    await signInThroughUi(page, person);
    const tokens = await storedTokens(page);
    if (tokens === null) throw new Error("signed in, but nothing was stored under tokenData");
    return { ...person, tokens, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

export const test = base.extend<TestFixtures & Options, WorkerFixtures>({
  ownAccount: [false, { option: true }],

  workerAccount: [
    async ({ browser }, use, workerInfo) => {
      const accounts = new Map<string, Promise<SignedIn>>();
      await use((stack) => {
        let account = accounts.get(stack.apiUrl);
        if (account === undefined) {
          account = signInOnce(browser, stack, newPerson(`Worker ${workerInfo.workerIndex}`));
          accounts.set(stack.apiUrl, account);
        }
        return account;
      });
    },
    { scope: "worker" },
  ],

  isolatedStack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const stack = await startStack("isolated", { database: databaseTemplate() });
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  stack: async ({}, use) => {
    await use(mainStack());
  },

  baseURL: async ({ stack }, use) => {
    await use(stack.webUrl);
  },

  account: async ({ ownAccount, workerAccount, stack, playwright }, use, testInfo) => {
    if (!ownAccount) {
      await use(await workerAccount(stack));
      return;
    }
    const person = newPerson(`Own ${String(testInfo.workerIndex)}`);
    const request = await playwright.request.newContext();
    let tokens;
    try {
      tokens = await signInOverHttp(request, stack, person);
    } finally {
      await request.dispose();
    }
    await use({ ...person, tokens, storageState: storageStateFor(stack.webUrl, tokens) });
  },

  storageState: async ({ account }, use) => {
    await use(account.storageState);
  },

  api: async ({ account, stack }, use) => {
    await use(
      createLifeAdminClient({
        baseUrl: stack.apiUrl,
        tokens: memoryTokenStore(account.tokens),
        locks: null,
      }),
    );
  },

  context: async ({ context }, use) => {
    await context.addInitScript((css: string) => {
      const add = () => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.append(style);
      };
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", add, { once: true });
      } else {
        add();
      }
    }, NO_ANIMATIONS_CSS);
    await use(context);
  },
});

export { expect } from "@playwright/test";
