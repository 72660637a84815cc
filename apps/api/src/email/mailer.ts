// decisions D13: emails go out through the SMTP server of SMTP_URL, with nodemailer. A pool of a
// few connections, reused across the morning's emails; every wait bounded, so a hanging server
// fails the attempt (and the job engine retries it) instead of holding a worker.
import nodemailer from "nodemailer";
import type { EmailConfig } from "../config.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** "<...@...>": the same for every attempt at one email. */
  messageId: string;
  headers: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with its refusal otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(config: EmailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      await transport.sendMail({ from: config.from, ...email });
    },
    close() {
      transport.close();
    },
  };
}
