// Test support: a real SMTP server on a random loopback port (smtp-server), which keeps every
// message it accepts read back with mailparser, or refuses each one while told to.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestMailbox {
  /** smtp://127.0.0.1:{port}: SMTP_URL. */
  url: string;
  /** The messages accepted, in order; each is here before the server says it accepted it. */
  messages: ParsedMail[];
  /** Messages offered (accepted or refused). */
  attempts(): number;
  /** While true, every message is refused with a temporary failure (451). */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

export async function openTestMailbox(): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  let attempts = 0;
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to offer.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      attempts += 1;
      simpleParser(stream)
        .then((message) => {
          if (refusing) {
            callback(
              Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }),
            );
            return;
          }
          messages.push(message);
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
    messages,
    attempts: () => attempts,
    refuse(value) {
      refusing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
