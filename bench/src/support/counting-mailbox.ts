// A mail server on loopback for the morning's emails (smtp-server): it accepts every message and
// reads only its headers' Message-ID, so that it costs the shared machine little and the bench can
// still tell 10,000 distinct emails from one sent twice. (apps/api's test mailbox parses each
// message whole with mailparser: right for reading one email, too slow for a morning's.)
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { SMTPServer } from "smtp-server";

export interface AcceptedEmail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  messageId: string;
  /** When the server accepted it, ms since the epoch. */
  atMs: number;
}

export interface CountingMailbox {
  /** smtp://127.0.0.1:{port}: SMTP_URL. */
  url: string;
  accepted: AcceptedEmail[];
  /** Resolves once `count` messages were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const HEADERS_END = "\r\n\r\n";
/** Headers longer than this are not ours: the Message-ID is among the first few. */
const MAX_HEADER_BYTES = 64 * 1024;

/** A message's Message-ID, from its header block ("" when it has none). */
export function messageIdOf(headers: string): string {
  // Unfolded first: a long header value may continue on lines that start with a space or tab.
  const unfolded = headers.replaceAll(/\r\n[ \t]+/g, " ");
  return /^message-id:\s*(\S+)/im.exec(unfolded)?.[1] ?? "";
}

/** Reads a message's stream to its end; resolves with its header block. */
function readHeaders(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let head = "";
    let done = false;
    stream.on("data", (chunk: Buffer) => {
      if (done) return;
      head += chunk.toString("latin1");
      const end = head.indexOf(HEADERS_END);
      if (end !== -1 || head.length > MAX_HEADER_BYTES) {
        done = true;
        head = end === -1 ? head : head.slice(0, end);
      }
    });
    stream.on("end", () => {
      resolve(head);
    });
    stream.on("error", reject);
  });
}

export async function openCountingMailbox(): Promise<CountingMailbox> {
  const accepted: AcceptedEmail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback, as a relay on the same host would take it.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A morning's pool of connections, each kept open for many messages.
    maxClients: 64,
    onData(stream, session, callback) {
      readHeaders(stream)
        .then((headers) => {
          accepted.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: messageIdOf(headers),
            atMs: Date.now(),
          });
          for (const waiter of waiters) waiter();
          callback();
        })
        .catch((error: unknown) => {
          callback(error as Error);
        });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    waitFor(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accepted.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${accepted.length} of ${count} emails accepted in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

export interface Misdelivery {
  /** Expected recipients with no email. */
  missed: string[];
  /** Recipients with more than one email, or one they were not expected to get. */
  doubled: string[];
  /** Message-IDs (empty included) that more than one email carried. */
  sharedMessageIds: string[];
}

/** How the accepted emails differ from exactly one to each of `expected`, each its own. */
export function missedOrDoubled(
  accepted: readonly AcceptedEmail[],
  expected: readonly string[],
): Misdelivery {
  const counts = new Map<string, number>();
  for (const email of accepted) {
    for (const to of email.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  const wanted = new Set(expected);
  const ids = new Map<string, number>();
  for (const { messageId } of accepted) ids.set(messageId, (ids.get(messageId) ?? 0) + 1);
  return {
    missed: expected.filter((to) => !counts.has(to)),
    doubled: [...counts].filter(([to, n]) => n > 1 || !wanted.has(to)).map(([to]) => to),
    sharedMessageIds: [...ids].filter(([id, n]) => n > 1 || id === "").map(([id]) => id),
  };
}
