// A Node script's own abort against a real HTTP server on the loopback that never answers: it
// reaches the request it was given to, and the retry a refresh makes of it, even when garbage is
// collected while the request waits (Node's fetch links a copied request's signal to its source's
// through a weak reference: nodejs/undici#4068).
import { afterEach, describe, expect, it } from "vitest";
import { createLifeAdminClient } from "../src/client.js";
import { tokenSet } from "../src/test-support/fake-fetch.js";
import { timeLimitedFetch } from "../src/time-limited-fetch.js";
import { memoryTokenStore } from "../src/token-store.js";
import {
  closeServers,
  collectGarbage,
  sendJson,
  serverAnswering,
} from "./support/loopback-server.js";

afterEach(closeServers);

const renewed = tokenSet("renewed");

/**
 * A server that answers the first `GET /tasks/` with an expired token's 401 when `expiring`, and
 * the refresh with new tokens; the request after that it never answers: it collects garbage as it
 * arrives, and then the script aborts it.
 */
async function abortedAfterCollecting(caller: AbortController, expiring: boolean) {
  const seen: string[] = [];
  const baseUrl = await serverAnswering((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    if (request.url === "/auth/refresh") {
      sendJson(response, 200, renewed);
    } else if (expiring && seen.length === 1) {
      sendJson(response, 401, { detail: "The access token has expired" });
    } else {
      collectGarbage();
      caller.abort();
    }
  });
  return { baseUrl, seen };
}

describe.each([
  ["the global fetch", undefined],
  ["a time-limited fetch", timeLimitedFetch(60_000)],
])("a script's own abort, with %s", (_name, fetch) => {
  function scriptClient(baseUrl: string) {
    return createLifeAdminClient({
      baseUrl,
      tokens: memoryTokenStore(tokenSet("first")),
      ...(fetch === undefined ? {} : { fetch }),
      locks: null,
      ledger: null,
    });
  }

  it("reaches the request it was given to, after a garbage collection", async () => {
    const caller = new AbortController();
    const { baseUrl, seen } = await abortedAfterCollecting(caller, false);
    const call = scriptClient(baseUrl).http.GET("/tasks/", { signal: caller.signal });
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual(["GET /tasks/"]);
  });

  it("reaches the retry a refresh made of it, after a garbage collection", async () => {
    const caller = new AbortController();
    const { baseUrl, seen } = await abortedAfterCollecting(caller, true);
    const call = scriptClient(baseUrl).http.GET("/tasks/", { signal: caller.signal });
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual(["GET /tasks/", "POST /auth/refresh", "GET /tasks/"]);
  });
});
