import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

/** SMTP connections kept open to the mail server; the outbox sends a batch over them side by side. */
export const MAIL_CONNECTIONS = 5;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (Reply-To, a priority): set by our code only, never from what a person typed but a subject. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends through SMTP_URL, or, with none set, writes each message to the log so a local user can still sign in. */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject } },
          `mail (no SMTP_URL set, so it is written here)\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // A few connections kept open and reused: a connection per message (TCP, greeting, EHLO, QUIT) cost more than the
    // message, and mail fell behind any real rate of events.
    pool: true,
    maxConnections: MAIL_CONNECTIONS,
    // A message that fails is the outbox's to retry, with its backoff; the pool must not retry it too.
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    // A server silent this long mid-message has stopped answering; an idle connection is closed after it too.
    socketTimeout: 10_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
