// Serves the local provider on the API's own port (decisions D2): requests under /oidc go to the
// provider as plain Node requests, before Hono sees them (Hono's body handling would otherwise
// read the bodies the provider parses itself); everything else goes to the API.
import { createServer, type RequestListener } from "node:http";
import { type NodeListener, withSecurityHeaders } from "../../http/node-server.js";
import type { LocalProvider } from "./local-provider.js";

export function withLocalProvider(local: LocalProvider | null, api: NodeListener): NodeListener {
  if (local === null) return api;
  return (req, res) => {
    if (local.owns(req.url)) {
      local.handle(req, res);
      return;
    }
    void api(req, res);
  };
}

/**
 * For @hono/node-server's `serve({ createServer })`: an http server that serves both, with the
 * security headers on every answer.
 */
export function createServerWithLocalProvider(local: LocalProvider | null): typeof createServer {
  const create = (options: Parameters<typeof createServer>[0], api: RequestListener) => {
    const listener = withSecurityHeaders(withLocalProvider(local, api));
    return createServer(options, (req, res) => void listener(req, res));
  };
  return create as typeof createServer;
}
