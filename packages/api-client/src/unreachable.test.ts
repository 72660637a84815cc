import { describe, expect, it } from "vitest";
import { tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";
import { UNREACHABLE_MESSAGE, UnreachableError } from "./unreachable.js";

const session = tokenSet("first");

/** What fetch does when no answer comes: Chromium's words; Safari says "Load failed". */
const offline = () => {
  throw new TypeError("Failed to fetch");
};

// The session kept when a refresh cannot reach the API: client.test.ts.
describe("an API that cannot be reached", () => {
  it("is said in the product's words, not the browser's", async () => {
    const { client } = harness(offline, session);
    const failure = await client.tasks.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreachableError);
    expect((failure as Error).message).toBe(UNREACHABLE_MESSAGE);
    expect((failure as Error).cause).toBeInstanceOf(TypeError);
  });

  it("passes an abort on as it is: the caller's own", async () => {
    const { client } = harness(() => {
      throw new DOMException("The user aborted a request.", "AbortError");
    }, session);
    await expect(client.tasks.list()).rejects.toMatchObject({ name: "AbortError" });
  });
});
