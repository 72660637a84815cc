// The web app as users get it: a production build (`vite build`) made for this run's API
// (VITE_API_BASE_URL is build-time configuration), served by `vite preview` on loopback with the
// package's security headers (apps/web/vite.config.ts), exactly as `pnpm start` serves it.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { runToCompletion, startProcess, stopProcess, waitUntilServing } from "./child-process.js";
import { webRoot, webVite } from "./paths.js";

export interface WebServerOptions {
  port: number;
  apiUrl: string;
  /** Where the build goes (a directory of the run's own). */
  outDir: string;
  logFile: string;
}

export class WebServer {
  readonly url: string;
  private child: ChildProcess | null = null;

  constructor(private readonly options: WebServerOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  private env(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? "",
      NO_COLOR: "1",
      VITE_API_BASE_URL: this.options.apiUrl,
    };
  }

  async build(): Promise<void> {
    if (!existsSync(webVite)) {
      throw new Error(`${webVite} is missing: run \`pnpm install\` at the repository root.`);
    }
    await runToCompletion({
      name: "web build",
      command: process.execPath,
      args: [
        webVite,
        "build",
        "--outDir",
        this.options.outDir,
        "--emptyOutDir",
        "--logLevel",
        "warn",
      ],
      cwd: webRoot,
      env: this.env(),
      logFile: this.options.logFile,
    });
  }

  async start(): Promise<void> {
    if (this.child !== null) return;
    const { port, outDir, logFile } = this.options;
    const child = startProcess({
      name: "web preview",
      command: process.execPath,
      args: [
        webVite,
        "preview",
        "--outDir",
        outDir,
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--strictPort",
      ],
      cwd: webRoot,
      // The preview reads VITE_API_BASE_URL too: the API's origin goes into connect-src.
      env: this.env(),
      logFile,
    });
    this.child = child;
    await waitUntilServing(child, `${this.url}/`, { name: "web preview", logFile });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child === null) return;
    await stopProcess(child);
    this.child = null;
  }
}
