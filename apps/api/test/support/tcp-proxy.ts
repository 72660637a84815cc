// A TCP forwarder between the API and PostgreSQL that a test can cut and restore, or a port that
// accepts connections and never answers: a database that is down or hanging, without touching
// the server itself.
import { type Server, type Socket, createConnection, createServer } from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpProxy {
  port: number;
  /** Stops listening and drops every open connection. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => {
      resolve();
    });
  });
}

/** Forwards 127.0.0.1:{port} to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const make = () =>
    createServer((client) => {
      const upstream = createConnection(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  let server = make();
  const port = await listen(server, 0);
  return {
    port,
    cut: () => closeServer(server, sockets),
    async restore() {
      server = make();
      await listen(server, port);
    },
    close: () => closeServer(server, sockets),
  };
}

/** A port that accepts connections and never says a word. */
export async function startBlackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  const port = await listen(server, 0);
  return { port, close: () => closeServer(server, sockets) };
}

/** A loopback port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server, 0);
  await closeServer(server, new Set());
  return port;
}
