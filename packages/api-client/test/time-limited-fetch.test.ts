// A script's time limit (`timeLimitedFetch` as the client's fetch) against a real HTTP server on
// the loopback that accepts the connection and then never answers, or answers its headers and
// never its body: the call fails with a RequestTimeoutError instead of waiting forever, even when
// garbage is collected while it waits, a refresh that times out keeps the session, and the
// caller's own abort is still an abort.
import { afterEach, describe, expect, it } from "vitest";
import { createLifeAdminClient } from "../src/client.js";
import { exportCalls } from "../src/export-calls.js";
import { bearer, tokenSet } from "../src/test-support/fake-fetch.js";
import { RequestTimeoutError, timeLimitedFetch } from "../src/time-limited-fetch.js";
import { memoryTokenStore } from "../src/token-store.js";
import { UnreachableError } from "../src/unreachable.js";
import {
  type Handler,
  closeServers,
  collectGarbage,
  sendJson,
  serverAnswering,
} from "./support/loopback-server.js";

const session = tokenSet("first");
const renewed = tokenSet("renewed");

afterEach(closeServers);

const never: Handler = () => undefined;

/** Never answers, and collects garbage as the request arrives. */
const neverAfterCollecting: Handler = () => {
  collectGarbage();
};

function scriptClient(baseUrl: string, timeoutMs = 200) {
  const tokens = memoryTokenStore(session);
  let ended = 0;
  const client = createLifeAdminClient({
    baseUrl,
    tokens,
    fetch: timeLimitedFetch(timeoutMs),
    locks: null,
    ledger: null,
    onSessionEnded: () => {
      ended += 1;
    },
  });
  return { client, tokens, ended: () => ended };
}

describe("a client whose fetch is timeLimitedFetch(ms)", () => {
  it("gives up on a server that never answers, saying which call and how long", async () => {
    const { client } = scriptClient(await serverAnswering(never));
    const failure = await client.tasks.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).not.toBeInstanceOf(UnreachableError);
    expect((failure as RequestTimeoutError).message).toBe(
      "Life Admin did not answer GET /tasks/ within 200 ms.",
    );
    expect((failure as RequestTimeoutError).timeoutMs).toBe(200);
    expect((failure as Error).cause).toMatchObject({ name: "TimeoutError" });
  });

  it("gives up on time even when memory is collected while it waits", async () => {
    const { client } = scriptClient(await serverAnswering(neverAfterCollecting));
    const failure = await client.tasks.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
  });

  it("gives up on an answer whose body never ends (a ZIP download that stalls)", async () => {
    const baseUrl = await serverAnswering((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/zip" });
      response.write("PK", () => {
        collectGarbage();
      });
    });
    const { client } = scriptClient(baseUrl);
    const failure = await exportCalls(client)
      .export()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect((failure as Error).message).toBe(
      "Life Admin did not answer GET /users/me/export within 200 ms.",
    );
  });

  it("keeps the session when the refresh times out, and says so", async () => {
    const baseUrl = await serverAnswering((request, response) => {
      if (request.url === "/auth/refresh") return;
      sendJson(response, 401, { detail: "The access token has expired" });
    });
    const script = scriptClient(baseUrl);
    await expect(script.client.tasks.list()).rejects.toThrow(
      "Life Admin did not answer POST /auth/refresh within 200 ms.",
    );
    expect(script.tokens.get()).toEqual(session);
    expect(script.ended()).toBe(0);
  });

  it("refreshes and retries as without one, each request in its own time", async () => {
    const seen: string[] = [];
    const baseUrl = await serverAnswering((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url === "/auth/refresh") sendJson(response, 200, renewed);
      else if (request.headers.authorization === bearer(renewed)) sendJson(response, 200, []);
      else sendJson(response, 401, { detail: "The access token has expired" });
    });
    const script = scriptClient(baseUrl, 5_000);
    await expect(script.client.tasks.list()).resolves.toEqual([]);
    expect(seen).toEqual(["GET /tasks/", "POST /auth/refresh", "GET /tasks/"]);
    expect(script.tokens.get()).toEqual(renewed);
  });

  it("still passes the caller's own abort on as an abort", async () => {
    const { client } = scriptClient(await serverAnswering(never), 60_000);
    const caller = new AbortController();
    const call = client.http.GET("/tasks/", { signal: caller.signal });
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("is refused as it is made when the limit is no time at all", () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1.5]) {
      expect(() => timeLimitedFetch(timeoutMs)).toThrow(
        /timeoutMs must be a whole number of milliseconds above 0/,
      );
    }
  });
});
