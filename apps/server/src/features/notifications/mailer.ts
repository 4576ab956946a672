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
  /** The outbox's order: 0 for a sign-in link, which never waits behind the rest (1, the default). */
  priority?: number;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Where mail is shown when there is no mail server: the process's stdout, or a test's stand-in for it. */
export interface MailTerminal {
  /** A person is reading (a terminal): show each mail as a framed block. Otherwise (a file, a log collector): JSON. */
  isTTY: boolean;
  write(text: string): unknown;
}

const stdoutTerminal: MailTerminal = {
  get isTTY() {
    return process.stdout.isTTY;
  },
  write: (text) => process.stdout.write(text),
};

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** SMTP connections of this mailer's pool (MAIL_CONNECTIONS unless said). */
  connections?: number;
  terminal?: MailTerminal;
}

/**
 * Sends through SMTP_URL, or, with none set, shows each message where the person who started the server can read it,
 * so a local user can still sign in: a framed block on a terminal, a JSON log line elsewhere. Never over HTTP.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    const terminal = options.terminal ?? stdoutTerminal;
    return {
      async send(message) {
        // As the log line would be, the block is left out when the log is set quieter than info.
        if (QUIETER_THAN_INFO.has(options.log.level)) return;
        if (terminal.isTTY) {
          terminal.write(framedMail(message));
          return;
        }
        options.log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
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
    maxConnections: options.connections ?? MAIL_CONNECTIONS,
    // A message that fails is the outbox's to retry, with its backoff; the pool must not retry it too.
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    // A server silent this long mid-message has stopped answering; an idle connection is closed after it too.
    socketTimeout: 10_000,
  });
  return {
    async send(message) {
      const { to, subject, text, html, headers } = message;
      await transport.sendMail({
        from: options.from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(headers ? { headers } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

const QUIETER_THAN_INFO = new Set(["warn", "error", "fatal", "silent"]);
const RULE_WIDTH = 72;

/**
 * A mail for a person at a terminal: rules above and below (no side border, so a link copies cleanly), the plain text
 * only (its links each on a line of their own), never the HTML.
 */
export function framedMail(message: Pick<MailMessage, "to" | "subject" | "text">): string {
  const title = "─── Mail (no SMTP_URL set, so it is shown here) ";
  return [
    "",
    title.padEnd(RULE_WIDTH, "─"),
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    "",
    message.text.trimEnd(),
    "─".repeat(RULE_WIDTH),
    "",
    "",
  ].join("\n");
}
