import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarCalls } from "./calendar-calls.js";
import { type LifeAdminClient, createLifeAdminClient } from "./client.js";
import { exportCalls } from "./export-calls.js";
import { fileCalls } from "./file-calls.js";
import { tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";
import { memoryTokenStore } from "./token-store.js";
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

describe("an answer with no body", () => {
  it("takes a 204 that the browser gives an empty stream as its body, as Chromium does", async () => {
    // Node's Response cannot be made so: a 200's, then called a 204, as Chromium hands it over.
    const { client } = harness(() => {
      const answer = new Response(
        new ReadableStream({
          start: (c) => {
            c.close();
          },
        }),
      );
      Object.defineProperty(answer, "status", { value: 204 });
      return answer;
    }, session);
    await expect(client.tasks.remove(7)).resolves.toBeUndefined();
  });
});

// A real server on the loopback that sends an answer's headers and the start of its body, then
// closes the connection: what a dropped Wi-Fi or a restarted proxy does halfway through a download.
describe("an answer whose connection drops in the middle of its body", () => {
  /** The start of each route's answer, and its content type. */
  const CUT_OFF: Record<string, [string, string]> = {
    "/tasks/": ["application/json", '[{"id":1,"title":"Renew'],
    "/users/me/export": ["application/zip", "PK\u0003\u0004"],
    "/tasks/7/ics": ["text/calendar; charset=utf-8", "BEGIN:VCALENDAR\r\n"],
    "/files/7/content": ["application/pdf", "%PDF-1.7\n"],
  };
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const [type, start] = CUT_OFF[request.url ?? ""] ?? ["text/plain", "unknown route"];
      // Chunked, so the length promised is never reached; the socket closes once the start is out.
      response.writeHead(200, { "Content-Type": type });
      response.write(start, () => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function clientOf(fetch?: (request: Request) => Promise<Response>): LifeAdminClient {
    const tokens = memoryTokenStore(session);
    return createLifeAdminClient({ baseUrl, tokens, fetch, locks: null, ledger: null });
  }

  it.each<[string, (client: LifeAdminClient) => Promise<unknown>]>([
    ["a list read as JSON", (client) => client.tasks.list()],
    ["the account export's ZIP", (client) => exportCalls(client).export()],
    ["a task's .ics file", (client) => calendarCalls(client).taskIcs(7)],
    ["a stored file's bytes", (client) => fileCalls(client).content(7)],
  ])("fails %s as unreachable, in the product's words", async (_what, call) => {
    const failure = await call(clientOf()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreachableError);
    expect((failure as Error).message).toBe(UNREACHABLE_MESSAGE);
    expect((failure as Error).cause).toBeInstanceOf(TypeError);
  });

  it("passes on the caller's own abort while the body comes in as it is", async () => {
    const caller = new AbortController();
    // Aborts once the headers are in: what is left to read is the body.
    const client = clientOf(async (request) => {
      const response = await globalThis.fetch(request);
      caller.abort();
      return response;
    });
    const call = client.http.GET("/tasks/", { signal: caller.signal });
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});
