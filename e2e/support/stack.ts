// One running product: the API on a fresh temporary data directory and the web app built for it,
// each on a free loopback port and configured to find the other. Everything lives in one
// temporary directory that stop() removes.
import { generateKeyPairSync } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiServer } from "./api-server.js";
import { freePort } from "./free-port.js";
import { WebServer } from "./web-server.js";

/** What tests need to reach a stack (also what global-setup hands the workers). */
export interface StackAddress {
  apiUrl: string;
  webUrl: string;
  /** The API's token signing key (PKCS#8 PEM), to make expired tokens. */
  signingKeyPem: string;
}

export interface Stack extends StackAddress {
  api: ApiServer;
  web: WebServer;
  /**
   * Copies the API's database, as it is now, to `directory` (the API is stopped for the copy and
   * started again). A stack started from such a copy skips creating its database (seconds).
   */
  copyDatabase(directory: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** A data directory made by `copyDatabase`, to start from instead of an empty one. */
  database?: string | undefined;
}

/** PGlite's lock belongs to the process that held it, never to a copy. */
const notTheLock = (path: string) => !path.endsWith("pglite.lock");

function newSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

export async function startStack(name: string, options: StackOptions = {}): Promise<Stack> {
  const root = await mkdtemp(join(tmpdir(), `life-admin-e2e-${name}-`));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const signingKeyPem = newSigningKeyPem();
  const web = new WebServer({
    port: webPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    outDir: join(root, "web"),
    logFile: join(root, "web.log"),
  });
  const dataDir = join(root, "data");
  const api = new ApiServer({
    port: apiPort,
    webOrigin: web.url,
    dataDir,
    signingKeyPem,
    logFile: join(root, "api.log"),
  });

  const stop = async () => {
    await Promise.allSettled([web.stop(), api.stop()]);
    await rm(root, { recursive: true, force: true });
  };
  try {
    if (options.database !== undefined) {
      await cp(options.database, dataDir, { recursive: true, filter: notTheLock });
    }
    // The API's first start creates its database (seconds); the build runs meanwhile.
    await Promise.all([api.start(), web.build()]);
    await web.start();
  } catch (error) {
    await stop();
    throw error;
  }
  const copyDatabase = async (directory: string) => {
    await api.stop();
    try {
      await cp(dataDir, directory, { recursive: true, filter: notTheLock });
    } finally {
      await api.start();
    }
  };
  return { apiUrl: api.url, webUrl: web.url, signingKeyPem, api, web, copyDatabase, stop };
}
