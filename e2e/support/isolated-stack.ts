// `test` for specs that stop and start the API or write to its database: they run against the
// worker's own product (fixtures.ts: isolatedStack), signed in as a user of their own, and
// leave the API running whatever happens.
import { test as base } from "./fixtures.js";

export const test = base.extend({
  ownAccount: true,
  stack: async ({ isolatedStack }, use) => {
    await use(isolatedStack);
    await isolatedStack.api.start();
  },
});

export { expect } from "./fixtures.js";
