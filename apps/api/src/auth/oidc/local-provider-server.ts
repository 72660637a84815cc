// Serves the local provider on the API's own port (decisions D2): requests under /oidc go to the
// provider as plain Node requests, before Hono sees them (Hono's body handling would otherwise
// read the bodies the provider parses itself); everything else goes to the API.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import type { LocalProvider } from "./local-provider.js";

/** A Node request listener, such as @hono/node-server's getRequestListener(app.fetch). */
export type ApiListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export function withLocalProvider(local: LocalProvider | null, api: ApiListener): ApiListener {
  if (local === null) return api;
  return (req, res) => {
    if (local.owns(req.url)) {
      local.handle(req, res);
      return;
    }
    void api(req, res);
  };
}

/** For @hono/node-server's `serve({ createServer })`: an http server that serves both. */
export function createServerWithLocalProvider(local: LocalProvider | null): typeof createServer {
  const create = (options: Parameters<typeof createServer>[0], api: RequestListener) => {
    const listener = withLocalProvider(local, api);
    return createServer(options, (req, res) => void listener(req, res));
  };
  return create as typeof createServer;
}
