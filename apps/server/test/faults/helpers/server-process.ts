import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../helpers/free-port.js";
import path from "node:path";
import { linkIn, type SmtpCapture } from "../../helpers/smtp.js";

const root = path.resolve(import.meta.dirname, "../../../../..");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The production entry point (src/server.ts, which `npm run serve` runs bundled) in a process of its own, so a
 * test can SIGTERM or SIGKILL it. `dataDir` is the PGlite (and uploads) folder; `databaseUrl` uses PostgreSQL.
 */
export async function startServerProcess(options: {
  dataDir: string;
  smtpUrl: string;
  databaseUrl?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: options.smtpUrl,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  // Generous: a loaded 2-core machine can take a while to boot tsx and PGlite.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => log, exited };
}

/** Sends SIGTERM and waits for the process to finish shutting down. */
export async function stopServerProcess(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}

export interface Answer<T> {
  status: number;
  data: T;
  error?: { code: string; message: string };
}

/** A JSON call to `/api` of a running server as the person holding `token` (the answer's data typed by the caller). */
export async function call<T = unknown>(
  url: string,
  request: { method: string; route: string; token?: string | undefined; body?: unknown },
): Promise<Answer<T>> {
  const res = await fetch(`${url}/api${request.route}`, {
    method: request.method,
    headers: {
      "content-type": "application/json",
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as { data: T; error?: { code: string; message: string } };
  return { status: res.status, data: json.data, ...(json.error ? { error: json.error } : {}) };
}

/** Signs a person in the way the app does: the emailed link, traded for a session. Returns the token. */
export async function signIn(
  url: string,
  smtp: SmtpCapture,
  email: string,
): Promise<{ token: string; userId: string }> {
  const login = await call(url, { method: "POST", route: "/auth/login", body: { email } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const mail = await smtp.waitFor(email, (m) => m.body.includes("/auth/verify"), 15_000);
  const link = linkIn(mail, "/auth/verify");
  const verified = await call<{ token: string; user: { id: string } }>(url, {
    method: "GET",
    route: `/auth/verify${link.search}`,
  });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return { token: verified.data.token, userId: verified.data.user.id };
}

/** Signs `owner` in and has them create a household; `others` sign in and join it. */
export async function household(url: string, smtp: SmtpCapture, owner: string, others: string[] = []) {
  const creator = await signIn(url, smtp, owner);
  const created = await call<{ id: string }>(url, {
    method: "POST",
    route: "/households",
    token: creator.token,
    body: { name: "The Cozy Flat" },
  });
  if (created.status !== 201) throw new Error(`create household answered ${created.status}`);
  const householdId = created.data.id;
  const members = [];
  for (const email of others) {
    const member = await signIn(url, smtp, email);
    const joined = await call(url, {
      method: "POST",
      route: `/households/${householdId}/join`,
      token: member.token,
      body: {},
    });
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
    members.push(member);
  }
  return { householdId, owner: creator, members };
}
