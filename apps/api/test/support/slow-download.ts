// Test support: a download read as a slow client reads it, over a real connection: each piece
// taken a turn of the event loop after the one before, so that the server's writes wait on it.
import { get } from "node:http";

/** The body of GET `url` with a bearer `token`, read slowly; fails unless the status is 200. */
export function downloadSlowly(url: string, token: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { Authorization: `Bearer ${token}` } }, (answer) => {
      if (answer.statusCode !== 200) {
        answer.resume();
        reject(new Error(`GET ${url} answered ${answer.statusCode}`));
        return;
      }
      const pieces: Buffer[] = [];
      answer.on("data", (piece: Buffer) => {
        pieces.push(piece);
        answer.pause();
        setImmediate(() => answer.resume());
      });
      answer.once("end", () => {
        resolve(Buffer.concat(pieces));
      });
      answer.once("error", reject);
    });
    request.once("error", reject);
  });
}
