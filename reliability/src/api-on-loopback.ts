// The API app (a fresh database: PGlite in memory, or a new database on TEST_DATABASE_URL) served
// over real HTTP on a loopback port, with the local OpenID provider under /oidc, exactly as the
// server process wires them. Suites that need the process itself use server-process.ts instead.
import { getRequestListener } from "@hono/node-server";
import {
  createTestApp,
  listenOnLoopback,
  testConfig,
  withLocalProvider,
  type TestApp,
} from "@life-admin/api/testing";

export interface ApiOnLoopback extends TestApp {
  /** http://127.0.0.1:{port}: the API's PUBLIC_API_URL, the tokens' issuer. */
  url: string;
  stop(): Promise<void>;
}

export interface ApiOnLoopbackOptions {
  /** More environment for the API's configuration (PUBLIC_API_URL is the loopback address). */
  env?: Record<string, string>;
  /** The API's clock, for a suite that moves time (default: the real one). */
  now?: () => Date;
}

export async function startApiOnLoopback(
  options: ApiOnLoopbackOptions = {},
): Promise<ApiOnLoopback> {
  const server = await listenOnLoopback();
  const api = await createTestApp({
    config: testConfig({ ...options.env, PUBLIC_API_URL: server.url }),
    ...(options.now ? { now: options.now } : {}),
  });
  server.serve(withLocalProvider(api.deps.signIn.local, getRequestListener(api.app.fetch)));
  return {
    ...api,
    url: server.url,
    async stop() {
      await server.close();
      await api.close();
    },
  };
}
