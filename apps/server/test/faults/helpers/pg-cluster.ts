import { execFile } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "../../../../../scripts/pg-cluster.sh");

/** PostgreSQL's server binaries are installed (the fault tests that stop a database need them). */
export function hasPostgresBinaries(): boolean {
  const base = "/usr/lib/postgresql";
  return existsSync(base) && readdirSync(base).some((version) => existsSync(path.join(base, version, "bin", "pg_ctl")));
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of this test's own (scripts/pg-cluster.sh) in /tmp/housemate-fault-pg-<random> on a
 * random port in 56000-56999, so a test may stop and start it without touching anyone else's database.
 */
export async function startOwnCluster(): Promise<Cluster> {
  const dir = `/tmp/housemate-fault-pg-${randomBytes(4).toString("hex")}`;
  let port = 0;
  let url: string;
  const start = async () => {
    await run(SCRIPT, ["start", dir, String(port)], { timeout: 60_000 });
  };
  // A random port may be taken: try a few.
  for (let attempt = 0; ; attempt++) {
    port = 56000 + Math.floor(Math.random() * 1000);
    try {
      const { stdout } = await run(SCRIPT, ["start", dir, String(port)], { timeout: 60_000 });
      url = stdout.trim().split("\n").at(-1) ?? "";
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const stop = async () => {
    await run(SCRIPT, ["stop", dir], { timeout: 60_000 });
  };
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
