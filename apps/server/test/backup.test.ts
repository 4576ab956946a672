import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buffer } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { create, extract, list } from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { backupCommand, type CommandOutput } from "../src/cli/backup-command.js";
import { BACKUP_ROUTE, BACKUP_TOKEN_HEADER, newBackupToken, writeServerFile } from "../src/cli/backup-server-file.js";
import { dumpTable, rowsOf, tablesInDependencyOrder } from "../src/cli/backup-tables.js";
import { restoreCommand } from "../src/cli/restore-command.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type Database, type DatabaseHandle } from "../src/db/client.js";
import { fundEntries } from "../src/db/schema.js";
import { openFileStore } from "../src/plugins/storage.js";
import { thumbnailKey } from "../src/features/storage/file-path.js";
import { PUBLIC_URL } from "./helpers/app.js";
import { createThrowawayDatabase, TEST_ENGINE } from "./helpers/database.js";
import { buildFlatOfThree, buildRule } from "./helpers/factories.js";
import { freePort } from "./helpers/free-port.js";
import { tinyJpeg, pictureOf } from "./helpers/images.js";
import { linkIn, startSmtpCapture, type SmtpCapture } from "./helpers/smtp.js";

/** Where a command's words go: kept, to be read by the test. */
function captured(): CommandOutput & { text(): string } {
  let text = "";
  const sink = { write: (chunk: string) => ((text += chunk), true) };
  return { stdout: sink, stderr: sink, text: () => text };
}

/** A place to restore into, empty: a fresh data folder, and on PostgreSQL a fresh database too. */
interface Target {
  env: Record<string, string>;
  dataDir: string;
  url?: string;
  drop(): Promise<void>;
}

/** Every table of the public schema, as each row's JSON text sorted: found from the catalogue, not listed here. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await rowsOf<{ name: string }>(
      tx,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      // The database store's rows are the files, compared byte for byte below; when each was stored is the restore's.
      const columns = name === "stored_files" ? "key, size, md5(bytes) as bytes" : "*";
      const rows = await rowsOf<{ line: string }>(
        tx,
        sql.raw(`select row_to_json(r)::text as line from (select ${columns} from "${name}") r order by 1`),
      );
      all[name] = rows.map((row) => row.line);
    }
    return all;
  });
}

describe(`backing up and restoring a household (${TEST_ENGINE})`, () => {
  let smtp: SmtpCapture;
  let sourceDir: string;
  let sourceUrl: string | undefined;
  let dropSource: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let backupToken: string;
  let archive: string;
  let work: string;
  const emails: string[] = [];
  const fileKeys: string[] = [];

  const baseEnv = () => ({ PUBLIC_URL, SMTP_URL: smtp.url, LOG_LEVEL: "silent" });
  const sourceEnv = (): Record<string, string> => ({
    ...baseEnv(),
    DATA_DIR: sourceDir,
    ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}),
  });

  async function newTarget(): Promise<Target> {
    const dataDir = await mkdtemp(path.join(work, "target-"));
    if (TEST_ENGINE === "pglite") {
      return {
        env: { ...baseEnv(), DATA_DIR: dataDir },
        dataDir,
        drop: () => rm(dataDir, { recursive: true, force: true }),
      };
    }
    const made = await createThrowawayDatabase("housemate_restore");
    return {
      env: { ...baseEnv(), DATA_DIR: dataDir, DATABASE_URL: made.url },
      dataDir,
      url: made.url,
      drop: async () => {
        await made.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  /** Whether the target is as a restore found it: no database rows, no files. */
  async function isStillEmpty(target: Target): Promise<boolean> {
    const uploads = path.join(target.dataDir, "uploads");
    const hasUploads = await stat(uploads).then(
      () => true,
      () => false,
    );
    if (hasUploads) {
      const entries = await readdir(uploads, { recursive: true, withFileTypes: true });
      if (entries.some((entry) => entry.isFile())) return false;
    }
    if (TEST_ENGINE === "pglite") {
      const pgdata = path.join(target.dataDir, "pgdata");
      return (await readdir(pgdata).catch(() => [])).length === 0;
    }
    const opened = await openDatabase({ url: target.url });
    try {
      return Object.values(await everyRow(opened.db)).every((rows) => rows.length === 0);
    } finally {
      await opened.close();
    }
  }

  async function upload(token: string, category: string, photo: Buffer) {
    const reserved = await app.inject({
      method: "POST",
      url: "/api/storage/upload-url",
      headers: { authorization: `Bearer ${token}` },
      payload: { fileName: "photo.jpg", fileType: "image/jpeg", fileSize: photo.length, category },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { filePath, publicUrl } = reserved.json().data as { filePath: string; publicUrl: string };
    const sent = await app.inject({
      method: "PUT",
      url: `/api/storage/upload/${filePath}`,
      headers: { authorization: `Bearer ${token}`, "content-type": "image/jpeg" },
      payload: photo,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    fileKeys.push(filePath);
    return publicUrl;
  }

  async function call(token: string, method: "POST" | "PUT", url: string, payload?: object) {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as { id: string; dispute?: { id: string } };
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    work = await mkdtemp(path.join(tmpdir(), "housemate-backup-test-"));
    sourceDir = path.join(work, "source");
    if (TEST_ENGINE === "postgres") {
      const made = await createThrowawayDatabase("housemate_backup");
      sourceUrl = made.url;
      dropSource = made.drop;
    }
    database = await openDatabase({ url: sourceUrl, dataDir: sourceDir });
    // PGlite keeps its photos on disk, PostgreSQL in the database: both stores are backed up.
    const config = loadConfig(sourceEnv());
    backupToken = newBackupToken();
    app = await buildApp({ config, database, logger: false, webRoot: null, backupToken });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (address === null || typeof address !== "object") throw new Error("not listening");
    if (TEST_ENGINE === "pglite") {
      await writeServerFile(sourceDir, { port: address.port, pid: process.pid, token: backupToken });
    }

    const { household, ana, ben, cleo } = await buildFlatOfThree(database.db);
    for (const { user } of [ana, ben, cleo]) if (user.email) emails.push(user.email);
    const rule = await buildRule(database.db, household.id, ana.user.id, { title: "Dishes", fineAmountMinor: 250 });
    const evidence = await upload(ana.token, "fine-evidence", await pictureOf("image/jpeg", 96, 48));
    const avatar = await upload(ben.token, "profile-pictures", tinyJpeg());
    await call(ben.token, "PUT", `/api/users/${ben.user.id}`, { photo_url: avatar });
    const issue = (offender: string, description: string, images: string[] = []) =>
      call(ana.token, "POST", "/api/fines", {
        offender_id: offender,
        rule_id: rule.id,
        amount: 2.5,
        description,
        household_id: household.id,
        evidence: { note: "Seen at midnight", images },
      });
    const paid = await issue(ben.user.id, "Pans in the sink", [evidence]);
    await call(ben.token, "PUT", `/api/fines/household/${household.id}/fines/${paid.id}/pay`);
    // An admin's correction reverses the payment: a ledger row pointing at another row of its own table.
    const [income] = await database.db.select().from(fundEntries).where(eq(fundEntries.fineId, paid.id));
    await database.db.insert(fundEntries).values({
      householdId: household.id,
      type: "correction",
      amountMinor: -(income?.amountMinor ?? 0),
      description: "Paid twice by mistake",
      memberId: ana.user.id,
      reversesId: income?.id,
    });
    const disputed = await issue(cleo.user.id, "Crumbs everywhere");
    await call(cleo.token, "POST", `/api/fines/household/${household.id}/fines/${disputed.id}/disputes`, {
      reason: "I swept the floor",
    });
    await issue(ben.user.id, "Lights left on");
    await call(cleo.token, "POST", "/api/sticky-notes", { content: "Bins go out on Tuesday" });
    await call(ana.token, "POST", "/api/sticky-notes", { content: "Boiler man comes at nine" });
    // Mail settles first: a row marked sent after the backup would differ from the restored one.
    await smtp.waitFor(emails[1] ?? "");
    await vi.waitFor(async () => {
      const [left] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from mail_outbox where sent_at is null`,
      );
      expect(left?.n).toBe(0);
    });

    archive = path.join(work, "nightly.tar.gz");
    const output = captured();
    const code = await backupCommand({ argv: ["--out", archive], env: sourceEnv(), output });
    expect(code, output.text()).toBe(0);
    if (TEST_ENGINE === "pglite") expect(output.text()).toContain("through the running server");
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await database.close();
    await dropSource?.();
    await smtp.close();
    await rm(work, { recursive: true, force: true });
  });

  it("pages every table by its primary key: with pages of two rows, each row comes out once", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const shapes = await tablesInDependencyOrder(tx);
      // Keyset paging needs a key: a table added without one would fall back to OFFSET, quadratic on a big table.
      expect(shapes.filter((shape) => shape.primaryKey.length === 0).map((shape) => shape.name)).toEqual([]);
      for (const shape of shapes) {
        const lines: string[] = [];
        for await (const line of dumpTable(tx, shape, 2)) lines.push(line);
        const [all] = await rowsOf<{ n: number }>(tx, sql.raw(`select count(*)::int as n from "${shape.name}"`));
        expect(lines.length, shape.name).toBe(all?.n);
        expect(new Set(lines).size, shape.name).toBe(lines.length);
      }
    });
  });

  it("writes one archive an operator can list, with the manifest first, and never overwrites it", async () => {
    const entries: string[] = [];
    await list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe("manifest.json");
    expect(entries).toContain("rows/");
    for (const key of fileKeys) expect(entries).toContain(`files/${key}`);
    const folder = await mkdtemp(path.join(work, "look-"));
    await extract({ file: archive, cwd: folder }, ["manifest.json"]);
    const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8")) as {
      format: number;
      engine: string;
      schema: { migration: string };
      tables: { name: string; rows: number }[];
    };
    expect(manifest.format).toBe(1);
    expect(manifest.engine).toBe(TEST_ENGINE);
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect(manifest.tables.find((table) => table.name === "fines")?.rows).toBe(3);

    // With no --out: a name that sorts by time, in the folder the command was run from.
    const here = await mkdtemp(path.join(work, "cwd-"));
    const named = captured();
    const at = () => new Date("2026-11-26T03:00:00.123Z");
    expect(await backupCommand({ argv: [], env: sourceEnv(), output: named, cwd: here, now: at })).toBe(0);
    expect(await readdir(here)).toEqual(["housemate-backup-2026-11-26T030000Z.tar.gz"]);
    const wrong = captured();
    expect(await backupCommand({ argv: ["--to", "x"], env: sourceEnv(), output: wrong })).toBe(2);
    expect(wrong.text()).toContain("Usage: npm run backup");

    const before = await readFile(archive);
    const output = captured();
    expect(await backupCommand({ argv: ["--out", archive], env: sourceEnv(), output })).toBe(1);
    expect(output.text()).toContain("already exists");
    expect((await readFile(archive)).equals(before)).toBe(true);
  });

  it("restores every row of every table and every file's bytes into a fresh instance, where signing in works", async () => {
    const target = await newTarget();
    try {
      const output = captured();
      const code = await restoreCommand({ argv: [archive], env: target.env, output });
      expect(code, output.text()).toBe(0);

      const config = loadConfig(target.env);
      const restored = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      const fresh = await buildApp({ config, database: restored, logger: false, webRoot: null });
      try {
        await fresh.ready();
        const original = await everyRow(database.db);
        for (const table of ["users", "rules", "fines", "disputes", "fund_entries", "sticky_notes", "uploads"]) {
          expect(original[table]?.length, table).toBeGreaterThan(0);
        }
        // Mail not yet sent is not restored (a week-old sign-in link would go out again); everything else is.
        expect(original.mail_outbox?.length).toBeGreaterThan(0);
        expect(await everyRow(restored.db)).toEqual({ ...original, mail_outbox: [] });
        expect(fresh.fileStoreKind).toBe(app.fileStoreKind);
        for (const key of fileKeys) {
          for (const stored of [key, thumbnailKey(key)]) {
            const original = await app.files.open(stored);
            const copy = await fresh.files.open(stored);
            expect(original, stored).not.toBeNull();
            expect(copy, stored).not.toBeNull();
            if (original && copy) expect((await buffer(copy.stream)).equals(await buffer(original.stream))).toBe(true);
          }
        }

        const email = emails[1] ?? "";
        const seen = new Set(smtp.messages);
        const login = await fresh.inject({ method: "POST", url: "/api/auth/login", payload: { email } });
        expect(login.statusCode, login.body).toBe(200);
        const mail = await smtp.waitFor(email, (m) => !seen.has(m), 15_000);
        const token = linkIn(mail, "/auth/verify").searchParams.get("token") ?? "";
        const verified = await fresh.inject({ method: "GET", url: `/api/auth/verify?token=${token}` });
        expect(verified.statusCode, verified.body).toBe(200);
      } finally {
        await fresh.close();
        await restored.close();
      }

      // Restoring again into what is now a household's data is refused.
      const again = captured();
      expect(await restoreCommand({ argv: [archive], env: target.env, output: again })).toBe(1);
      expect(again.text()).toContain("is not empty");
      expect(again.text()).toContain("Nothing was changed.");
    } finally {
      await target.drop();
    }
  }, 60_000);

  it("crosses engines: restored into an embedded folder, backed up there with no server running, restored again", async () => {
    const embedded = path.join(work, "embedded");
    const embeddedEnv = { ...baseEnv(), DATA_DIR: embedded };
    const first = captured();
    expect(await restoreCommand({ argv: [archive], env: embeddedEnv, output: first }), first.text()).toBe(0);
    const second = path.join(work, "from-embedded.tar.gz");
    const backedUp = captured();
    expect(await backupCommand({ argv: ["--out", second], env: embeddedEnv, output: backedUp })).toBe(0);
    // No server.json there: the command opened the folder's database itself.
    expect(backedUp.text()).toContain("Backing up the pglite database");

    const target = await newTarget();
    try {
      const output = captured();
      expect(await restoreCommand({ argv: [second], env: target.env, output }), output.text()).toBe(0);
      const config = loadConfig(target.env);
      const restored = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      const fresh = await buildApp({ config, database: restored, logger: false, webRoot: null });
      try {
        await fresh.ready();
        // The files went through the disk store in between: they are compared by their bytes instead.
        const withoutFiles = (all: Record<string, string[]>) => ({ ...all, stored_files: [], mail_outbox: [] });
        expect(withoutFiles(await everyRow(restored.db))).toEqual(withoutFiles(await everyRow(database.db)));
        for (const key of fileKeys) {
          const original = await app.files.open(key);
          const copy = await fresh.files.open(key);
          if (!original || !copy) throw new Error(`${key} is missing`);
          expect((await buffer(copy.stream)).equals(await buffer(original.stream))).toBe(true);
        }
      } finally {
        await fresh.close();
        await restored.close();
      }
    } finally {
      await target.drop();
    }
  }, 90_000);

  /** Restores `damaged` into a fresh target: refused with `message`, and the target is left empty. */
  async function expectRefused(damaged: string, message: string) {
    const target = await newTarget();
    try {
      const output = captured();
      expect(await restoreCommand({ argv: [damaged], env: target.env, output }), output.text()).toBe(1);
      expect(output.text()).toContain(message);
      expect(output.text()).toContain("Nothing was changed.");
      expect(await isStillEmpty(target)).toBe(true);
    } finally {
      await target.drop();
    }
  }

  it("refuses a corrupted archive (one byte flipped in the middle) and changes nothing", async () => {
    const bytes = await readFile(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    const damaged = path.join(work, "flipped.tar.gz");
    await writeFile(damaged, bytes);
    await expectRefused(damaged, "is damaged");
  }, 30_000);

  it("refuses a truncated archive and changes nothing", async () => {
    const cut = path.join(work, "cut.tar.gz");
    await cp(archive, cut);
    await truncate(cut, Math.floor((await stat(archive)).size * 0.6));
    await expectRefused(cut, "is damaged or cut short");
  }, 30_000);

  it("refuses a tampered part (a valid archive whose rows do not match their sha256) and changes nothing", async () => {
    const folder = await mkdtemp(path.join(work, "tamper-"));
    await extract({ file: archive, cwd: folder });
    const rows = (await readdir(path.join(folder, "rows"))).find((name) => name.endsWith("-fines.jsonl")) ?? "";
    const part = path.join(folder, "rows", rows);
    await writeFile(part, (await readFile(part, "utf8")).replace("Pans in the sink", "Pans in the bath"));
    const tampered = path.join(work, "tampered.tar.gz");
    await create({ gzip: true, cwd: folder, file: tampered, portable: true }, ["manifest.json", "rows", "files"]);
    await expectRefused(tampered, `rows/${rows} does not match its checksum`);
  }, 30_000);

  it("undoes a restore that fails half-way (a row the database refuses): no rows, no files left", async () => {
    const folder = await mkdtemp(path.join(work, "refused-row-"));
    await extract({ file: archive, cwd: folder });
    const manifestFile = path.join(folder, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
      tables: { name: string; part: string }[];
      parts: Record<string, { sha256: string; size: number }>;
    };
    const part = manifest.tables.find((table) => table.name === "fines")?.part ?? "";
    const lines = (await readFile(path.join(folder, part), "utf8")).split("\n");
    // The checksums are made to match: only the database can tell that a fine's rule does not exist.
    const fine = JSON.parse(lines[0] ?? "") as Record<string, unknown>;
    lines[0] = JSON.stringify({ ...fine, rule_id: "00000000-0000-4000-8000-000000000000" });
    const text = lines.join("\n");
    await writeFile(path.join(folder, part), text);
    manifest.parts[part] = { sha256: createHash("sha256").update(text).digest("hex"), size: Buffer.byteLength(text) };
    await writeFile(manifestFile, JSON.stringify(manifest));
    const refused = path.join(work, "refused-row.tar.gz");
    await create({ gzip: true, cwd: folder, file: refused, portable: true }, ["manifest.json", "rows", "files"]);
    if (TEST_ENGINE === "pglite") {
      // The data folder it made is removed whole.
      await expectRefused(refused, "The restore failed and was undone");
      return;
    }
    // PostgreSQL keeps the migrated tables (no rows), and the message says so instead of "Nothing was changed".
    const target = await newTarget();
    try {
      const output = captured();
      expect(await restoreCommand({ argv: [refused], env: target.env, output }), output.text()).toBe(1);
      expect(output.text()).toContain("its rows were rolled back");
      expect(output.text()).toContain("It left the database's tables, with no rows");
      expect(output.text()).not.toContain("Nothing was changed");
      expect(await isStillEmpty(target)).toBe(true);
      const again = captured();
      expect(await restoreCommand({ argv: [archive], env: target.env, output: again }), again.text()).toBe(0);
    } finally {
      await target.drop();
    }
  }, 30_000);

  it("finishes a restore that was stopped after writing files: the archive's own files are accepted, others not", async () => {
    const folder = await mkdtemp(path.join(work, "stopped-"));
    await extract({ file: archive, cwd: folder });
    const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8")) as {
      files: { key: string; part: string }[];
    };
    expect(manifest.files.length).toBeGreaterThan(1);
    const target = await newTarget();
    try {
      // As a killed restore leaves it: the schema migrated and some of the archive's files written, but no rows.
      const config = loadConfig(target.env);
      const stopped = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      try {
        const { store } = await openFileStore(config, stopped.db);
        for (const { key, part } of manifest.files.slice(0, 2))
          await store.put(key, await readFile(path.join(folder, part)));
      } finally {
        await stopped.close();
      }
      const output = captured();
      expect(await restoreCommand({ argv: [archive], env: target.env, output }), output.text()).toBe(0);
      expect(output.text()).toContain("2 files are already there from an earlier try");
    } finally {
      await target.drop();
    }

    const other = await newTarget();
    try {
      const config = loadConfig(other.env);
      const opened = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      try {
        const { store } = await openFileStore(config, opened.db);
        const first = manifest.files[0];
        if (!first) throw new Error("no files");
        await store.put(first.key, Buffer.from("not the archive's bytes"));
      } finally {
        await opened.close();
      }
      const output = captured();
      expect(await restoreCommand({ argv: [archive], env: other.env, output }), output.text()).toBe(1);
      expect(output.text()).toContain("with other bytes than the archive's");
      expect(output.text()).toContain("Nothing was changed.");
    } finally {
      await other.drop();
    }
  }, 60_000);

  it("says clearly what is wrong with a half-written server.json, instead of a raw SyntaxError", async () => {
    const dataDir = await mkdtemp(path.join(work, "half-written-"));
    await writeFile(path.join(dataDir, "server.json"), '{"port":41');
    const env = { ...baseEnv(), DATA_DIR: dataDir };
    const backedUp = captured();
    expect(await backupCommand({ argv: ["--out", path.join(work, "half.tar.gz")], env, output: backedUp })).toBe(1);
    const restored = captured();
    expect(await restoreCommand({ argv: [archive], env, output: restored })).toBe(1);
    for (const output of [backedUp, restored]) {
      expect(output.text()).toContain("server.json is not readable JSON");
      expect(output.text()).toContain("delete that file if no server is running");
      expect(output.text()).not.toContain("SyntaxError");
    }
    expect(restored.text()).toContain("Nothing was changed.");
  });

  it("refuses a backup made by a newer Housemate (a schema this code does not have yet) and changes nothing", async () => {
    const folder = await mkdtemp(path.join(work, "newer-"));
    await extract({ file: archive, cwd: folder });
    const manifestFile = path.join(folder, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
      schema: { migration: string; createdAt: number };
    };
    manifest.schema = { migration: "0099_from_the_future", createdAt: manifest.schema.createdAt + 86_400_000 };
    await writeFile(manifestFile, JSON.stringify(manifest));
    const newer = path.join(work, "newer.tar.gz");
    await create({ gzip: true, cwd: folder, file: newer, portable: true }, ["manifest.json", "rows", "files"]);
    await expectRefused(newer, "was made by a newer Housemate (its schema is 0099_from_the_future");
  }, 30_000);

  it("refuses to restore into the running household's own database", async () => {
    const output = captured();
    expect(await restoreCommand({ argv: [archive], env: sourceEnv(), output })).toBe(1);
    expect(output.text()).toContain(TEST_ENGINE === "pglite" ? "stop it first" : "is not empty");
  });

  it.runIf(TEST_ENGINE === "pglite")(
    "the real server leaves its token file while it runs, `npm run backup` uses it, and it is gone after SIGTERM",
    async () => {
      const dataDir = path.join(work, "live");
      const port = await freePort();
      const env = { PATH: process.env.PATH ?? "", ...baseEnv(), DATA_DIR: dataDir, PORT: String(port) };
      const script = (name: string) => fileURLToPath(new URL(`../src/${name}`, import.meta.url));
      const server = spawn(process.execPath, ["--import", "tsx", script("server.ts")], { env, stdio: "ignore" });
      const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
      try {
        const serverFile = path.join(dataDir, "server.json");
        await vi.waitFor(() => stat(serverFile), { timeout: 30_000, interval: 200 });
        expect((await stat(serverFile)).mode & 0o777).toBe(0o600);
        const out = path.join(work, "live.tar.gz");
        const { stderr } = await promisify(execFile)(
          process.execPath,
          ["--import", "tsx", script("cli/backup.ts"), "--out", out],
          { env },
        );
        expect(stderr).toContain(`through the running server (pid ${server.pid})`);
        expect(stderr).toContain("checked");
      } finally {
        server.kill("SIGTERM");
      }
      expect(await exited).toBe(0);
      expect(await readdir(dataDir)).not.toContain("server.json");
    },
    60_000,
  );

  describe("the running server's backup route", () => {
    const get = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      app.inject({ method: "GET", url: BACKUP_ROUTE, headers, remoteAddress });

    it("answers the token's holder on this machine with the archive", async () => {
      const res = await get({ [BACKUP_TOKEN_HEADER]: backupToken });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/gzip");
      expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
    });

    it("is a 404 without the token, with a wrong one, from elsewhere or through a proxy", async () => {
      expect((await get({})).statusCode).toBe(404);
      expect((await get({ [BACKUP_TOKEN_HEADER]: newBackupToken() })).statusCode).toBe(404);
      expect((await get({ [BACKUP_TOKEN_HEADER]: backupToken }, "203.0.113.9")).statusCode).toBe(404);
      expect((await get({ [BACKUP_TOKEN_HEADER]: backupToken, "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(
        404,
      );
    });

    it("is not part of the public API, and does not exist on a server without a token file", async () => {
      const document = await app.inject({ method: "GET", url: "/api/openapi.json" });
      expect(document.body).not.toContain(BACKUP_ROUTE);
      const plain = await buildApp({
        config: loadConfig(sourceEnv()),
        database,
        logger: false,
        webRoot: null,
      });
      try {
        const res = await plain.inject({
          method: "GET",
          url: BACKUP_ROUTE,
          headers: { [BACKUP_TOKEN_HEADER]: backupToken },
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await plain.close();
      }
    });
  });
});
