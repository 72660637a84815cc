// What a Node script meets on the network, for the tests of its time limit and its own abort: a
// real HTTP server on the loopback that answers as a test says (or never), and V8's garbage
// collector, called as a script would meet it while a request waits.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];

/** A server on a random loopback port; `answer` leaves a request unanswered by doing nothing. */
export async function serverAnswering(answer: Handler): Promise<string> {
  const server = createServer(answer);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops every server started, its open connections first (for `afterEach`). */
export async function closeServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

// The flag lets a new context see `gc`; it is not on in the test's own.
setFlagsFromString("--expose-gc");
/** A full garbage collection, now. */
export const collectGarbage = runInNewContext("gc") as () => void;
