/**
 * A mail server for the measured server to send to, run as its own process: `node --import tsx bench/load/smtp-sink.ts`.
 * A real SMTP listener (smtp-server, as the server's tests use) that reads every message and keeps only a count, so the
 * bench measures the server with SMTP configured, as in production. Prints `{"port":…}` once listening; on the line
 * "report" from stdin it prints `{"received":…}` (messages so far), and on "exit" it closes and exits.
 */
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { SMTPServer } from "smtp-server";

export interface SmtpSinkReport {
  received: number;
}

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
// A sender that goes away mid-message (the server stopped at the end of a run) is not the sink's concern.
server.on("error", () => {});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.stdout.write(`${JSON.stringify({ port: (server.server.address() as AddressInfo).port })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "report") {
    const report: SmtpSinkReport = { received };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else if (line.trim() === "exit") {
    server.close(() => process.exit(0));
  }
}
