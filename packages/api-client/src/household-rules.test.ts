// Issue 23: once the household module is loaded, a task's or subscription's answer that carries its
// sharing keeps it, checked, and one without it is read as before: loading the module changes no
// other caller's answers (a page's other screens, another test file in the same worker).
import { describe, expect, it } from "vitest";
import { InvalidResponseError } from "./api-error.js";
import { householdCalls } from "./household-calls.js";
import { json, tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";
import { sampleSubscription, sampleTask } from "./test-support/samples.js";

const sharing = { owner_id: 1, shared: true, assignee_id: 2 };

describe("the records' answers once the household module is loaded", () => {
  it("keep their sharing when they carry it, and read as before when they do not", async () => {
    const answers = [[sampleTask], [{ ...sampleTask, ...sharing }]];
    const { client } = harness(() => json(answers.shift()), tokenSet("first"));
    const calls = householdCalls(client);

    expect(await client.tasks.list()).toEqual([sampleTask]);
    expect(await calls.tasks("family")).toEqual([{ ...sampleTask, ...sharing }]);
  });

  it("check the sharing they carry", async () => {
    const { client } = harness(
      () => json({ ...sampleSubscription, owner_id: 1, shared: "yes", assignee_id: null }),
      tokenSet("first"),
    );
    householdCalls(client);
    await expect(client.subscriptions.get(sampleSubscription.id)).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });
});
