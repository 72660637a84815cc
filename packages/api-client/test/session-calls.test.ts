// Issue 22: the signed-in devices' calls (`@life-admin/api-client/sessions`) against the real API
// in process: the list checked against the contract, one device signed out and its next refresh
// refused, the others signed out at once, and a refusal as the client's ApiError.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCalls } from "../src/session-calls.js";
import { type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("sessions against the real API (issue 22)", () => {
  it("lists the devices, signs one out (its refresh then fails) and then every other", async () => {
    const laptopClient = inProcessClient(api, await api.signIn()).client;
    const { id: userId } = await laptopClient.users.me();
    const phoneTokens = await api.app.deps.tokens.issueSignIn(userId, "Safari on iPhone");
    const tabletTokens = await api.app.deps.tokens.issueSignIn(userId, "Chrome on Android");
    const laptop = sessionCalls(laptopClient);
    const phone = inProcessClient(api, phoneTokens);

    const listed = await laptop.list();
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current).map((s) => s.device)).toEqual([null]);
    const phoneSession = listed.find((session) => session.device === "Safari on iPhone");

    await laptop.signOut(phoneSession?.id ?? "");
    await expect(phone.client.auth.refresh()).rejects.toMatchObject({ status: 401 });
    expect(phone.ended()).toBe(1);
    expect((await laptop.list()).map((session) => session.device)).not.toContain(
      "Safari on iPhone",
    );

    expect(await laptop.signOutOthers()).toBe(1);
    const tablet = await api.app.app.request("/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: tabletTokens.refresh_token }),
    });
    expect(tablet.status).toBe(401);
    expect(await laptop.list()).toEqual([expect.objectContaining({ current: true })]);
  });

  it("gives a 404 for a device that is not signed in as the client's ApiError", async () => {
    const sessions = sessionCalls(inProcessClient(api, await api.signIn()).client);
    await expect(sessions.signOut(crypto.randomUUID())).rejects.toMatchObject({
      status: 404,
      detail: "Session not found",
    });
  });
});
