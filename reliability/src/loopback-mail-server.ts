// A real SMTP server on a random loopback port (smtp-server; each message read with mailparser)
// that says what was delivered the way a mail server sees it: a message is delivered once the
// server has answered 250 to its DATA on a connection that is still open. Before answering it
// holds each DATA for a moment, or (told to) holds every DATA without answering: a sender killed
// then dies with its message claimed and unsent, and the message, never answered, is not
// delivered. Answers are only given while the server is not holding: a suite that kills only
// while it holds never kills a sender between our 250 and the sender hearing it.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export interface Delivery {
  messageId: string;
  /** The To address. */
  to: string;
  text: string;
}

/** "answer": each DATA answered 250 after a moment; "hold": none answered until told again. */
export type Answering = "answer" | "hold";

export interface LoopbackMailServer {
  /** smtp://127.0.0.1:{port}: SMTP_URL. */
  url: string;
  /** The messages delivered (answered 250), in order. */
  delivered: Delivery[];
  /** DATA commands received in full (delivered, held, or dropped with their connection). */
  offered(): number;
  /** Messages offered again after their Message-ID had been delivered (a sender resending). */
  offeredAfterDelivery(): number;
  /** Messages held unanswered right now. */
  holding(): number;
  /** Held messages whose connection closed: never answered, never delivered. */
  dropped(): number;
  answering(mode: Answering): void;
  close(): Promise<void>;
}

export interface MailServerOptions {
  /** How long to hold a DATA before answering it, drawn for each one. */
  momentMs: () => number;
}

interface Held {
  session: string;
  answer: () => void;
}

export async function startLoopbackMailServer(
  options: MailServerOptions,
): Promise<LoopbackMailServer> {
  const delivered: Delivery[] = [];
  const held = new Set<Held>();
  const closed = new Set<string>();
  let mode: Answering = "answer";
  const deliveredIds = new Set<string>();
  let offered = 0;
  let offeredAfterDelivery = 0;
  let dropped = 0;

  const deliver = (session: SMTPServerSession, delivery: Delivery, callback: () => void) => {
    if (closed.has(session.id)) return;
    delivered.push(delivery);
    deliveredIds.add(delivery.messageId);
    callback();
  };
  const holdOrAnswer = (session: SMTPServerSession, delivery: Delivery, callback: () => void) => {
    if (closed.has(session.id)) {
      dropped += 1;
      return;
    }
    if (mode === "hold") {
      held.add({
        session: session.id,
        answer: () => {
          deliver(session, delivery, callback);
        },
      });
      return;
    }
    setTimeout(() => {
      // Told to hold meanwhile: held like the rest.
      if (mode === "hold") holdOrAnswer(session, delivery, callback);
      else deliver(session, delivery, callback);
    }, options.momentMs());
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to offer.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // At the end every sender has stopped; a connection left open is not waited for.
    closeTimeout: 1000,
    onClose(session) {
      closed.add(session.id);
      for (const message of held) {
        if (message.session !== session.id) continue;
        held.delete(message);
        dropped += 1;
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((message) => {
          offered += 1;
          if (deliveredIds.has(message.messageId ?? "")) offeredAfterDelivery += 1;
          const to = Array.isArray(message.to) ? message.to[0] : message.to;
          holdOrAnswer(
            session,
            {
              messageId: message.messageId ?? "",
              to: to?.value[0]?.address ?? "",
              text: message.text ?? "",
            },
            () => {
              callback();
            },
          );
        })
        .catch((error: unknown) => {
          callback(error as Error);
        });
    },
  });
  // A sender killed mid-conversation resets its connections: that is what this server is for.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    offered: () => offered,
    offeredAfterDelivery: () => offeredAfterDelivery,
    holding: () => held.size,
    dropped: () => dropped,
    answering(next) {
      mode = next;
      if (next === "hold") return;
      for (const message of held) {
        held.delete(message);
        message.answer();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
