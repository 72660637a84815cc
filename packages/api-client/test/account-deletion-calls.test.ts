// Issue 22: deleting the account (`@life-admin/api-client/account-deletion`) against the real API
// in process: a wrong confirmation is the client's ApiError and deletes nothing; the right one
// deletes the account, after which the session's next call ends it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountDeletionCalls } from "../src/account-deletion-calls.js";
import { type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("deleting the account against the real API (issue 22)", () => {
  it("refuses a wrong confirmation as a 422 ApiError, then deletes with the account's email", async () => {
    const { client, ended } = inProcessClient(api, await api.signIn());
    const { email } = await client.users.me();
    const account = accountDeletionCalls(client);

    await expect(account.deleteAccount("someone-else@example.test")).rejects.toMatchObject({
      status: 422,
    });
    expect((await client.users.me()).email).toBe(email);

    await account.deleteAccount(` ${email.toUpperCase()} `);
    // Every token of the account is refused now: the refresh fails and the session ends.
    await expect(client.users.me()).rejects.toMatchObject({ status: 401 });
    expect(ended()).toBe(1);
  });
});
