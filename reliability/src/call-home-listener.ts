// A TCP server on a random loopback port that nothing should ever reach: the URL that suite 15's
// documents tell a reader to call (PDF scripts and actions, XML external entities). It counts
// every connection, whatever its protocol, and keeps the first line each sent (an HTTP request
// line says which trap was sprung), then closes it.
import { createServer, type AddressInfo, type Socket } from "node:net";

export interface CallHomeListener {
  /** http://127.0.0.1:{port}: what the documents call. */
  url: string;
  /** The connections made so far, each with the first line it sent ("" for none). */
  calls(): string[];
  close(): Promise<void>;
}

export async function listenForCallsHome(): Promise<CallHomeListener> {
  const calls: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const call = calls.push("") - 1;
    socket.setTimeout(1000, () => socket.destroy());
    socket.once("data", (chunk: Buffer) => {
      calls[call] = chunk.toString("latin1").split("\r\n")[0] ?? "";
      socket.destroy();
    });
    socket.on("close", () => {
      sockets.delete(socket);
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
