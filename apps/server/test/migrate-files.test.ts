import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { migrateFiles } from "../src/cli/file-migration.js";
import { parseMigrateArguments } from "../src/cli/migrate-arguments.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { thumbnailKey } from "../src/features/storage/file-path.js";
import { localDiskStore, uploadsDir, type FileStore } from "../src/plugins/storage.js";
import { databaseStore } from "../src/plugins/stores/database-store.js";
import { s3Store } from "../src/plugins/stores/s3-store.js";
import { PUBLIC_URL } from "./helpers/app.js";
import { openTestDatabase } from "./helpers/database.js";
import { buildMember } from "./helpers/factories.js";
import { pictureOf } from "./helpers/images.js";
import { startS3Server, type S3Server } from "./helpers/s3-server.js";
import { startSmtpCapture, type SmtpCapture } from "./helpers/smtp.js";

async function bytesIn(store: FileStore, key: string): Promise<Buffer | null> {
  const file = await store.open(key);
  return file ? buffer(file.stream) : null;
}

/** `store`, except that it refuses every write after the first `allowed`: a run cut short part-way. */
function refusingAfter(store: FileStore, allowed: number): FileStore {
  let writes = 0;
  return {
    ...store,
    async put(key, bytes) {
      writes += 1;
      if (writes > allowed) throw new Error("the object store went away");
      await store.put(key, bytes);
    },
  };
}

/** `store`, except that what it writes loses its last byte: a store that damages files. */
function truncating(store: FileStore): FileStore {
  return { ...store, put: (key, bytes) => store.put(key, bytes.subarray(0, bytes.length - 1)) };
}

/** A JPEG of `width` × 48 pixels uploaded as a fine's evidence through `app`, as the web app sends it. */
async function uploadPhoto(app: FastifyInstance, token: string, width: number): Promise<string> {
  const photo = await pictureOf("image/jpeg", width, 48);
  const headers = { authorization: `Bearer ${token}` };
  const reserved = await app.inject({
    method: "POST",
    url: "/api/storage/upload-url",
    headers,
    payload: { fileName: "sink.jpg", fileType: "image/jpeg", fileSize: photo.length, category: "fine-evidence" },
  });
  const { filePath } = reserved.json().data as { filePath: string };
  const sent = await app.inject({
    method: "PUT",
    url: `/api/storage/upload/${filePath}`,
    headers: { ...headers, "content-type": "image/jpeg" },
    payload: photo,
  });
  expect(sent.statusCode).toBe(200);
  return filePath;
}

describe("moving stored files between stores (npm run migrate-files)", () => {
  let database: DatabaseHandle;
  let smtp: SmtpCapture;
  let s3: S3Server;
  let dataDir: string;
  let app: FastifyInstance;
  let disk: FileStore;
  let inDatabase: FileStore;
  let s3Files: FileStore & { close(): void };
  /** Every key the uploads made, image and thumbnail. */
  const keys: string[] = [];

  /** The server as an operator runs it: on this database, with FILE_STORE and DATA_DIR from `env`. */
  async function startApp(env: Record<string, string>) {
    const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtp.url, LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env });
    const started = await buildApp({ config, database, logger: false, webRoot: null });
    await started.ready();
    return started;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpCapture();
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), "housemate-migrate-"));
    app = await startApp({ FILE_STORE: "disk" });
    const { token } = await buildMember(database.db);
    for (const width of [64, 80, 96, 112]) {
      const filePath = await uploadPhoto(app, token, width);
      keys.push(filePath, thumbnailKey(filePath));
    }
    // Reserved but never sent: there is no file to move, and it is not a failure.
    await app.inject({
      method: "POST",
      url: "/api/storage/upload-url",
      headers: { authorization: `Bearer ${token}` },
      payload: { fileName: "never.jpg", fileType: "image/jpeg", fileSize: 100, category: "fine-evidence" },
    });
    disk = localDiskStore(uploadsDir(dataDir));
    inDatabase = databaseStore(database.db);
    const s3Config = loadConfig(s3.env).fileStore;
    if (s3Config.kind !== "s3") throw new Error("the S3 server's settings did not choose the s3 store");
    s3Files = await s3Store(s3Config);
  });
  afterAll(async () => {
    await app.close();
    s3Files.close();
    await s3.close();
    await smtp.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function expectSameBytes(target: FileStore) {
    for (const key of keys) {
      const original = await bytesIn(disk, key);
      expect(original, key).not.toBeNull();
      expect((await bytesIn(target, key))?.equals(original ?? Buffer.alloc(0)), key).toBe(true);
    }
  }

  it("copies every image and thumbnail from disk into the database, byte for byte", async () => {
    const progress: number[] = [];
    const report = await migrateFiles({
      db: database.db,
      from: disk,
      to: inDatabase,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(report.failures).toEqual([]);
    expect(report.counts).toEqual({ copied: 8, "already-there": 0, replaced: 0, "no-thumbnail": 0 });
    expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    await expectSameBytes(inDatabase);
    // The source is left as it was.
    await expectSameBytes(disk);
  });

  it("resumes an interrupted copy to s3 where it stopped, and finishes it", async () => {
    const cut = await migrateFiles({ db: database.db, from: disk, to: refusingAfter(s3Files, 3) });
    expect(cut.counts.copied).toBe(3);
    expect(cut.failures).toHaveLength(5);
    expect(cut.failures[0]?.reason).toBe("the object store went away");

    const resumed = await migrateFiles({ db: database.db, from: disk, to: s3Files });
    expect(resumed.failures).toEqual([]);
    expect(resumed.counts).toMatchObject({ copied: 5, "already-there": 3, replaced: 0 });
    await expectSameBytes(s3Files);

    const again = await migrateFiles({ db: database.db, from: disk, to: s3Files });
    expect(again.counts).toMatchObject({ copied: 0, "already-there": 8 });
  });

  it("reports a copy the target damaged, by key, removes it from the target only, and copies it on the next run", async () => {
    const [image] = keys;
    if (!image) throw new Error("no uploads");
    await inDatabase.remove(image);
    const damaged = await migrateFiles({ db: database.db, from: disk, to: truncating(inDatabase) });
    expect(damaged.failures).toEqual([
      { key: image, reason: "the target's copy differs from the source (sha256 mismatch); it was removed" },
    ]);
    expect(await bytesIn(inDatabase, image)).toBeNull();
    expect(await bytesIn(disk, image)).not.toBeNull();

    const repaired = await migrateFiles({ db: database.db, from: disk, to: inDatabase });
    expect(repaired.failures).toEqual([]);
    expect(repaired.counts).toMatchObject({ copied: 1, "already-there": 7 });
    await expectSameBytes(inDatabase);
  });

  it("replaces a copy the target holds with other bytes", async () => {
    const [image] = keys;
    const original = image ? await bytesIn(disk, image) : null;
    if (!image || !original) throw new Error("no uploads");
    await inDatabase.remove(image);
    await inDatabase.put(image, original.subarray(1));
    const repaired = await migrateFiles({ db: database.db, from: disk, to: inDatabase });
    expect(repaired.failures).toEqual([]);
    expect(repaired.counts).toMatchObject({ replaced: 1, "already-there": 7 });
    await expectSameBytes(inDatabase);
  });

  it("serves every photo from the new store once FILE_STORE names it", async () => {
    await app.close();
    await rm(uploadsDir(dataDir), { recursive: true, force: true });
    for (const env of [{ FILE_STORE: "database" }, s3.env]) {
      const fromNewStore = await startApp(env);
      try {
        for (const key of keys.filter((key) => !key.includes(".thumbnail."))) {
          const expected = await bytesIn(s3Files, key);
          const image = await fromNewStore.inject({ method: "GET", url: `/files/${key}` });
          expect(image.statusCode, key).toBe(200);
          expect(image.rawPayload.equals(expected ?? Buffer.alloc(0))).toBe(true);
          const thumbnail = await fromNewStore.inject({ method: "GET", url: `/files/${key}?size=thumbnail` });
          expect(thumbnail.headers["content-type"]).toBe("image/webp");
          expect(thumbnail.rawPayload.equals((await bytesIn(s3Files, thumbnailKey(key))) ?? Buffer.alloc(0))).toBe(
            true,
          );
        }
      } finally {
        await fromNewStore.close();
      }
    }
    app = await startApp({ FILE_STORE: "disk" });
  });

  it("reports an image missing from the source by key, copies the rest, and takes a missing thumbnail calmly", async () => {
    // The disk copy was removed above: put back all but one image and one thumbnail.
    const [lostImage, , , lostThumbnail] = keys;
    if (!lostImage || !lostThumbnail) throw new Error("no uploads");
    for (const key of keys) {
      if (key === lostImage || key === lostThumbnail) continue;
      const bytes = await bytesIn(s3Files, key);
      if (bytes) await disk.put(key, bytes);
    }
    const target = localDiskStore(path.join(dataDir, "moved"));
    const report = await migrateFiles({ db: database.db, from: disk, to: target });
    expect(report.failures).toEqual([{ key: lostImage, reason: "missing from the source store" }]);
    expect(report.counts).toEqual({ copied: 6, "already-there": 0, replaced: 0, "no-thumbnail": 1 });
  });

  it("runs again after the switch, counting photos uploaded to the new store since as already there", async () => {
    // Every file was copied into the database above; the server now serves from it and takes a new upload.
    await app.close();
    app = await startApp({ FILE_STORE: "database" });
    const { token } = await buildMember(database.db);
    const uploaded = await uploadPhoto(app, token, 72);
    expect(await bytesIn(disk, uploaded)).toBeNull();

    const again = await migrateFiles({ db: database.db, from: disk, to: inDatabase });
    expect(again.failures).toEqual([]);
    expect(again.counts).toEqual({ copied: 0, "already-there": 10, replaced: 0, "no-thumbnail": 0 });
  });
});

describe("the migrate-files command line", () => {
  it("takes any two different stores", () => {
    expect(parseMigrateArguments(["--from", "disk", "--to", "s3"])).toEqual({ help: false, from: "disk", to: "s3" });
    expect(parseMigrateArguments(["--from=database", "--to=disk"])).toEqual({
      help: false,
      from: "database",
      to: "disk",
    });
    expect(parseMigrateArguments(["--help"])).toEqual({ help: true });
  });

  it.each([
    [["--from", "disk", "--to", "cloud"], "--to cloud is not a file store: use disk, database or s3."],
    [["--from", "disk", "--to", "disk"], "--from and --to are both disk: there is nothing to move."],
    [["--from", "disk"], "Both --from and --to are needed."],
    [["--from", "disk", "--to", "s3", "--force"], "Unknown option '--force'"],
  ])("refuses %o", (args, message) => {
    expect(() => parseMigrateArguments(args)).toThrow(message);
  });

  it("runs on the server's own settings and exits 1 naming a file it could not move, 2 on a wrong command", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "housemate-migrate-cli-"));
    const smtp = await startSmtpCapture();
    const s3 = await startS3Server();
    try {
      // A server on the embedded database in `folder`, with two photos on disk, then stopped.
      const env = { DATA_DIR: folder, FILE_STORE: "disk", SMTP_URL: smtp.url, LOG_LEVEL: "silent", PUBLIC_URL };
      const database = await openDatabase({ dataDir: folder });
      const app = await buildApp({ config: loadConfig(env), database, logger: false, webRoot: null });
      const { token } = await buildMember(database.db);
      const [lost, kept] = [await uploadPhoto(app, token, 64), await uploadPhoto(app, token, 80)];
      await app.close();
      await database.close();
      await rm(path.join(folder, "uploads", lost));

      const run = (args: string[], extra: Record<string, string> = {}) =>
        promisify(execFile)(
          process.execPath,
          ["--import", "tsx", fileURLToPath(new URL("../src/cli/migrate-files.ts", import.meta.url)), ...args],
          { env: { PATH: process.env.PATH ?? "", DATA_DIR: folder, ...extra } },
        );
      const failed = run(["--from", "disk", "--to", "s3"], s3.env);
      await expect(failed).rejects.toMatchObject({ code: 1 });
      const { stdout, stderr } = (await failed.catch((error: unknown) => error)) as { stdout: string; stderr: string };
      expect(stdout).toContain("4/4 files");
      // The lost image's thumbnail is still copied.
      expect(stdout).toContain("3 copied, 0 already there, 0 replaced");
      expect(stderr).toContain(`${lost}: missing from the source store`);
      const s3Config = loadConfig(s3.env).fileStore;
      if (s3Config.kind !== "s3") throw new Error("the S3 server's settings did not choose the s3 store");
      const bucket = await s3Store(s3Config);
      expect((await bucket.open(kept))?.size).toBeGreaterThan(0);
      bucket.close();

      await expect(run(["--from", "disk", "--to", "disk"])).rejects.toMatchObject({ code: 2 });
      await expect(run(["--from", "disk", "--to", "s3"])).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining("S3_URL: is needed when FILE_STORE=s3") as unknown,
      });
    } finally {
      await s3.close();
      await smtp.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
