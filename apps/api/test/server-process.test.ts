// The server as a process: it listens, refuses a second process on the same PGlite directory
// with a clear message, refuses a bad configuration listing each variable, and shuts down
// cleanly on SIGTERM, releasing the directory.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "./support/server-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "life-admin-server-"));
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Writes `request` as is to 127.0.0.1:{port}; everything the server sends until it closes. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on("end", () => {
      resolve(answer);
    });
    socket.on("error", reject);
    socket.end(request);
  });
}

function start(env: Record<string, string>): ServerProcess {
  const server = startServer(env);
  started.push(server);
  return server;
}

describe("the server process", () => {
  it("listens, answers /health, refuses a second process on the same data directory, and stops on SIGTERM", async () => {
    const first = start({ DATA_DIR: dataDir });
    const port = await first.listening;
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(true);

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `The data directory ${dataDir} is already in use by process ${first.child.pid}`,
    );
    expect(second.stderr()).toContain("DATABASE_URL");

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);
  });

  it("takes over the lock of a process that died without releasing it, and keeps the data", async () => {
    const crashed = start({ DATA_DIR: dataDir });
    await crashed.listening;
    crashed.child.kill("SIGKILL");
    await crashed.exited;
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(true);

    const next = start({ DATA_DIR: dataDir });
    const port = await next.listening;
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    next.child.kill("SIGINT");
    expect(await next.exited).toBe(0);
  });

  // Found by the reliability suite (issue 8): Node's parser answered 431 (and 400) with an empty
  // body and none of the security headers, and a 16 KB token never reached the app.
  it("answers what Node's HTTP parser refuses in FastAPI's shape, and lets a 16 KB token reach the app", async () => {
    const server = start({ DATA_DIR: dataDir });
    const port = await server.listening;
    const sixteenKb = await rawRequest(
      port,
      `GET /users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${"t".repeat(16 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(sixteenKb).toMatch(/^HTTP\/1\.1 401 /);
    expect(sixteenKb).toContain('{"detail":"Invalid access token"}');

    const tooLarge = await rawRequest(
      port,
      `GET /tasks/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"h".repeat(40 * 1024)}\r\n\r\n`,
    );
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLarge).toContain('{"detail":"Request headers are too large (the limit is 32 KiB)"}');
    expect(tooLarge.toLowerCase()).toContain("referrer-policy: no-referrer");
    expect(tooLarge.toLowerCase()).toContain("x-content-type-options: nosniff");

    const notHttp = await rawRequest(port, "HELLO\r\n\r\n");
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(notHttp).toContain('{"detail":"The request could not be read as HTTP"}');

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("refuses to start with a bad configuration, naming every bad variable", async () => {
    const server = start({
      DATA_DIR: dataDir,
      PORT: "eighty",
      WEB_ORIGIN: "nope",
      GOOGLE_CLIENT_ID: "x",
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain("Invalid configuration:");
    for (const key of ["PORT", "WEB_ORIGIN", "GOOGLE_CLIENT_SECRET"])
      expect(server.stderr()).toContain(`  ${key}: `);
  });

  it("refuses to start in production without a signing key and Google credentials", async () => {
    const server = start({ DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain("TOKEN_SIGNING_KEY: is required in production");
    expect(server.stderr()).toContain("GOOGLE_CLIENT_ID: is required in production");
  });
});
