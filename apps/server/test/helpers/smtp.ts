import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded message source (quoted-printable soft breaks undone), good for finding links. */
  body: string;
}

/** Undoes quoted-printable soft breaks and escapes; each run of escapes is UTF-8 bytes (so "£" survives). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

/**
 * A real SMTP listener on a free port that keeps every message it receives. `delayMs` makes it a slow mail server:
 * each message is accepted that long after it arrives (each connection waits for its own).
 */
export async function startSmtpCapture(options: { delayMs?: number } = {}) {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: decodeQuotedPrintable(raw),
        });
        const accept = () => {
          waiters.splice(0).forEach((wake) => wake());
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  // A sender cut off mid-message (a server process killed on purpose) is reported here; unheard, it
  // would surface as an unhandled error in whichever test happened to be running.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message to `address` that matches, waiting up to `timeoutMs`. */
    async waitFor(address: string, predicate: (mail: CapturedMail) => boolean = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(address.toLowerCase()) && predicate(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The first link in a mail that points at `path` (e.g. "/auth/verify"). */
export function linkIn(mail: CapturedMail, path: string): URL {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`https?://[^\\s"'<>]*${escaped}[^\\s"'<>]*`).exec(mail.body);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return new URL(match[0].replace(/&amp;/g, "&"));
}
