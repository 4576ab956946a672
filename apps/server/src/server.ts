import { buildApp } from "./app.js";
import { stdoutTerminal } from "./features/notifications/mailer.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { vapidSubject } from "./features/notifications/push/vapid.js";
import { newBackupToken, removeServerFile, writeServerFile } from "./cli/backup-server-file.js";

/** In-flight requests get this long after SIGTERM; database time-outs (db/client.ts) keep them shorter. */
const DRAIN_MS = 8_000;
/** Past this, the process exits anyway (with code 1). */
const EXIT_MS = 10_000;

/** Entry point: read the configuration, open the database, listen, and close cleanly on a signal. */
async function main() {
  let config;
  try {
    config = loadConfig();
    // The push signer's subject, which may come from MAIL_FROM: refused here, as plainly as the schema's own checks.
    vapidSubject(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // Only one process can open the embedded database's files, so `npm run backup` asks this server for the archive.
  const backupToken = database.engine === "pglite" ? newBackupToken() : undefined;
  const app = await buildApp({ config, database, backupToken, mailTerminal: stdoutTerminal });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Connections still open after the drain carry nothing that can finish in time (half-sent requests,
    // sockets of requests their client abandoned): cut them, so closing completes.
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    cut.unref();
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${EXIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, EXIT_MS);
    timer.unref();
    try {
      if (backupToken) await removeServerFile(config.dataDir);
      await app.close();
      // Only now: the app's own close hooks (a mail being sent, the realtime listener) still use the
      // database, and an onClose hook added here would run before them.
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (backupToken && address !== null && typeof address === "object") {
    await writeServerFile(config.dataDir, { port: address.port, pid: process.pid, token: backupToken });
  }
  app.log.info(
    `Housemate is running at ${config.publicUrl} (database: ${database.engine}, files: ${app.fileStoreKind})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
