// Test support: the app served on a loopback port as the server process serves it
// (listenOnLoopback), recording every chunk its responses are given through `write` or `end`:
// what a test of memory given back once written (releaseOnceWritten) looks at.
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { type MockInstance, vi } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "./test-loopback.js";

export interface RecordingServer extends Pick<LoopbackServer, "url" | "close"> {
  /** The first argument of every call of the method, over every response so far. */
  chunks(): unknown[];
}

export async function recordingResponses(
  app: Pick<Hono, "fetch">,
  method: "write" | "end",
): Promise<RecordingServer> {
  const server = await listenOnLoopback();
  const listener = getRequestListener(app.fetch);
  const spies: MockInstance<(chunk?: unknown) => unknown>[] = [];
  server.serve((req, res) => {
    spies.push(vi.spyOn(res, method) as MockInstance<(chunk?: unknown) => unknown>);
    return listener(req, res);
  });
  return {
    url: server.url,
    close: () => server.close(),
    chunks: () => spies.flatMap((spy) => spy.mock.calls.map(([chunk]) => chunk)),
  };
}
