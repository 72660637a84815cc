// Test support: an HTTP server on a random loopback port. It listens first and is given its
// handler afterwards, because the handler's configuration (PUBLIC_API_URL, the issuer) needs the
// port. Used by the sign-in and header tests, and by the reliability suites.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  NODE_SERVER_OPTIONS,
  type NodeListener,
  answerClientErrors,
  lingerBeforeClosing,
  withSecurityHeaders,
} from "../../src/http/node-server.js";

export interface LoopbackServer {
  /** http://127.0.0.1:{port}, without a trailing slash. */
  url: string;
  serve(listener: NodeListener): void;
  close(): Promise<void>;
}

export async function listenOnLoopback(): Promise<LoopbackServer> {
  // The server process's limits and answers (src/server.ts), so that tests see what it serves.
  const server = createServer(NODE_SERVER_OPTIONS);
  answerClientErrors(server);
  lingerBeforeClosing(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve(listener) {
      const answer = withSecurityHeaders(listener);
      server.on("request", (req, res) => void answer(req, res));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
