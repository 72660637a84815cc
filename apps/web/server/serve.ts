// `pnpm --filter @life-admin/web serve`: the built app (dist/) as production serves it (issue 17).
// HOST (default 127.0.0.1) and PORT (default 5173; 0 for any free port). Stops on SIGINT/SIGTERM.
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseServerEnv } from "./server-env.ts";
import { createStaticServer, loadSite, precompress } from "./static-site.ts";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));

function start(): void {
  let env;
  let site;
  try {
    env = parseServerEnv(process.env);
    site = loadSite(DIST);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const server = createStaticServer(site);
  server.listen(env.port, env.host, () => {
    const { port } = server.address() as AddressInfo;
    const host = env.host.includes(":") ? `[${env.host}]` : env.host;
    process.stdout.write(`Serving ${DIST} on http://${host}:${port}\n`);
    precompress(site).catch((error: unknown) => {
      console.error(error);
    });
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      server.closeIdleConnections();
    });
  }
}

start();
