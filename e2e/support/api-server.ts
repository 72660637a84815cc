// The real API (apps/api/dist/server.js) as a child process on loopback: its own data directory
// (PGlite), the local OpenID provider, a signing key the suite knows (so that it can make expired
// tokens, see tokens.ts). It can be stopped and started again on the same port and data, which is
// how the suite takes the API away and brings it back.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serverArgs, serverScript } from "@life-admin/api/server-command";
import { startProcess, stopProcess, waitUntilServing } from "./child-process.js";
import { apiRoot } from "./paths.js";

export interface ApiServerOptions {
  port: number;
  /** The web app's origin: the only CORS origin, where sign-in returns. */
  webOrigin: string;
  dataDir: string;
  /** Ed25519 PKCS#8 PEM (TOKEN_SIGNING_KEY). */
  signingKeyPem: string;
  logFile: string;
}

export class ApiServer {
  readonly url: string;
  private child: ChildProcess | null = null;

  constructor(private readonly options: ApiServerOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  async start(): Promise<void> {
    if (this.child !== null) return;
    if (!existsSync(serverScript)) {
      throw new Error(
        `${serverScript} is missing: build the API first (\`pnpm e2e\` at the root does, through turbo).`,
      );
    }
    const { port, webOrigin, dataDir, signingKeyPem, logFile } = this.options;
    const child = startProcess({
      name: "API",
      command: process.execPath,
      args: serverArgs(),
      cwd: apiRoot,
      // Only what the API is meant to see: an inherited DATABASE_URL or Google credentials would
      // take the run somewhere else.
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_API_URL: this.url,
        WEB_ORIGIN: webOrigin,
        DATA_DIR: dataDir,
        TOKEN_SIGNING_KEY: signingKeyPem,
        LOG_LEVEL: "warn",
      },
      logFile,
    });
    this.child = child;
    child.once("exit", () => {
      if (this.child === child) this.child = null;
    });
    // A new data directory takes PGlite about 5 s to create (toolchain.md).
    await waitUntilServing(child, `${this.url}/health`, {
      name: "API",
      logFile,
      timeoutMs: 60_000,
    });
  }

  /** Graceful stop (SIGTERM): the data directory is released for another process. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child === null) return;
    await stopProcess(child);
    this.child = null;
  }

  /** PGlite's files, for writing to the database while the server is stopped (database.ts). */
  get pgliteDirectory(): string {
    return join(this.options.dataDir, "pglite");
  }
}
