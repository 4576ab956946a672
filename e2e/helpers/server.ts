import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { freePort } from "../../apps/server/test/helpers/free-port.js";
import { productionNodeFlags, SERVER_BUNDLE } from "../../apps/server/test/helpers/production.js";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpCapture, type SmtpCapture } from "../../apps/server/test/helpers/smtp.js";

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  smtp: SmtpCapture;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The real production server as `npm run serve` runs it (the bundle with npm start's node flags, the built web app,
 * migrations at boot) on a free port, with a fresh DATA_DIR and its mail captured by a real SMTP listener. `bundle`:
 * another copy of the server's bundle (e2e/offline-update.test.ts serves a private copy of the web app with one).
 */
export async function startServer(env: Record<string, string> = {}, bundle = SERVER_BUNDLE): Promise<RunningServer> {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "housemate-e2e-"));
  const smtp = await startSmtpCapture();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child: ChildProcess = spawn(process.execPath, [...productionNodeFlags(), bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));

  // Generous: a loaded 2-core CI machine can take a while to boot PGlite.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    smtp,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
