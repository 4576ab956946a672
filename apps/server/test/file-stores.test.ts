import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { localDiskStore, type FileStore } from "../src/plugins/storage.js";
import { databaseStore } from "../src/plugins/stores/database-store.js";
import { s3Store } from "../src/plugins/stores/s3-store.js";
import { createTestContext } from "./helpers/app.js";
import { openTestDatabase, TEST_ENGINE } from "./helpers/database.js";
import { buildMember } from "./helpers/factories.js";
import { tinyPng } from "./helpers/images.js";
import { startS3Server } from "./helpers/s3-server.js";

interface OpenedStore {
  store: FileStore;
  close(): Promise<void>;
}

/** Each store as the server makes it, over the real thing it keeps files in. */
const STORES: [name: string, open: () => Promise<OpenedStore>][] = [
  [
    "disk",
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), "housemate-disk-store-"));
      return { store: localDiskStore(folder), close: () => rm(folder, { recursive: true, force: true }) };
    },
  ],
  [
    `database (${TEST_ENGINE})`,
    async () => {
      const database = await openTestDatabase();
      return { store: databaseStore(database.db), close: () => database.close() };
    },
  ],
  [
    "s3 (s3rver)",
    async () => {
      const server = await startS3Server();
      const config = loadConfig(server.env).fileStore;
      if (config.kind !== "s3") throw new Error("the S3 server's settings did not choose the s3 store");
      const store = await s3Store(config);
      return {
        store,
        async close() {
          store.close();
          await server.close();
        },
      };
    },
  ],
];

const newKey = (name = "picture") => `fine-evidence/${name}-${randomBytes(8).toString("hex")}.png`;

describe.each(STORES)("the %s file store", (name, open) => {
  let opened: OpenedStore;
  let store: FileStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.close());

  it("gives back exactly the bytes it was given, with their size", async () => {
    const key = newKey();
    const bytes = randomBytes(1000);
    await store.put(key, bytes);
    const file = await store.open(key);
    expect(file?.size).toBe(bytes.length);
    expect(file && (await buffer(file.stream)).equals(bytes)).toBe(true);
  });

  it("opens a key it never stored as null", async () => {
    expect(await store.open(newKey("missing"))).toBeNull();
  });

  it("refuses to store twice under one key, keeping the first file", async () => {
    const key = newKey();
    const first = Buffer.from("first");
    await store.put(key, first);
    await expect(store.put(key, Buffer.from("second"))).rejects.toThrow();
    const file = await store.open(key);
    expect(file && (await buffer(file.stream)).equals(first)).toBe(true);
  });

  it("removes a file, and removing it again is no error", async () => {
    const key = newKey();
    await store.put(key, Buffer.from("gone soon"));
    await store.remove(key);
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    // A removed key is free again: an upload whose writing failed is cleaned up and sent once more.
    await store.put(key, Buffer.from("again"));
    expect((await store.open(key))?.size).toBe(5);
  });

  it("round-trips a 5 MB file", async () => {
    const key = newKey("large");
    const bytes = randomBytes(5 * 1024 * 1024);
    await store.put(key, bytes);
    const file = await store.open(key);
    expect(file?.size).toBe(bytes.length);
    expect(file && (await buffer(file.stream)).equals(bytes)).toBe(true);
  });

  it.runIf(name === "disk")("refuses a key that would leave its folder", async () => {
    await expect(store.put("../outside.png", Buffer.from("x"))).rejects.toThrow("escapes the uploads folder");
    await expect(store.open("fine-evidence/../../outside.png")).rejects.toThrow("escapes the uploads folder");
    await expect(store.remove("/etc/passwd")).rejects.toThrow("escapes the uploads folder");
  });
});

describe("choosing the file store (FILE_STORE)", () => {
  const s3 = {
    S3_URL: "http://127.0.0.1:4569",
    S3_BUCKET: "housemate",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps files on disk with the embedded database and nothing else configured", () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: "disk" });
  });

  it("keeps them in PostgreSQL when DATABASE_URL is set, so every instance serves every file", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/housemate" }).fileStore).toEqual({ kind: "database" });
  });

  it("uses the object store when S3_URL is set, by path unless it is AWS", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/housemate", ...s3 }).fileStore).toEqual({
      kind: "s3",
      url: "http://127.0.0.1:4569",
      bucket: "housemate",
      accessKeyId: "key",
      secretAccessKey: "secret",
      region: "us-east-1",
      forcePathStyle: true,
    });
    const aws = loadConfig({ ...s3, S3_URL: "https://s3.eu-west-2.amazonaws.com", S3_REGION: "eu-west-2" });
    expect(aws.fileStore).toMatchObject({ kind: "s3", region: "eu-west-2", forcePathStyle: false });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "false" }).fileStore).toMatchObject({ forcePathStyle: false });
  });

  it("takes FILE_STORE over the default", () => {
    expect(loadConfig({ FILE_STORE: "disk", DATABASE_URL: "postgres://localhost/h" }).fileStore.kind).toBe("disk");
    expect(loadConfig({ FILE_STORE: "database", ...s3 }).fileStore.kind).toBe("database");
  });

  it("refuses to boot with FILE_STORE=s3 and no object store, naming what is missing", () => {
    expect(() => loadConfig({ FILE_STORE: "s3", S3_URL: s3.S3_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_STORE: "s3", S3_URL: s3.S3_URL })).toThrow(
      [
        "Invalid configuration:",
        "  S3_BUCKET: is needed when FILE_STORE=s3",
        "  S3_ACCESS_KEY_ID: is needed when FILE_STORE=s3",
        "  S3_SECRET_ACCESS_KEY: is needed when FILE_STORE=s3",
      ].join("\n"),
    );
  });

  it.each([
    [{ FILE_STORE: "cloud" }, "FILE_STORE: must be disk, database or s3"],
    [{ ...s3, S3_URL: "ftp://files" }, "S3_URL: must be an http:// or https:// URL"],
    [{ ...s3, S3_URL: "https://key:secret@s3.example.com" }, "S3_URL: must not hold a user name or password"],
    [{ ...s3, S3_BUCKET: "x" }, "S3_BUCKET: must be a bucket name"],
    [{ ...s3, S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE: must be true or false"],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

it("never prints a secret given in S3_URL", () => {
  const env = { FILE_STORE: "s3", S3_URL: "https://key:hunter2@s3.example.com", S3_BUCKET: "photos" };
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).not.toThrow("hunter2");
});

describe("an upload whose file cannot be written", () => {
  it("is not marked done, leaves nothing behind, and can be sent again", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "housemate-failing-store-"));
    const t = await createTestContext({ env: { FILE_STORE: "disk", DATA_DIR: dataDir } });
    try {
      const { token } = await buildMember(t.db);
      const photo = tinyPng();
      const reserved = await t.request({
        method: "POST",
        url: "/api/storage/upload-url",
        token,
        payload: { fileName: "sink.png", fileType: "image/png", fileSize: photo.length, category: "fine-evidence" },
      });
      const { filePath } = reserved.json().data as { filePath: string };
      const send = () =>
        t.request({
          method: "PUT",
          url: `/api/storage/upload/${filePath}`,
          token,
          payload: photo,
          headers: { "content-type": "image/png" },
        });
      // A folder where the image is to go: its thumbnail is written, then the image's write fails.
      const blocker = path.join(dataDir, "uploads", filePath);
      await mkdir(blocker, { recursive: true });
      expect((await send()).statusCode).toBe(500);
      expect((await t.request({ method: "GET", url: `/files/${filePath}` })).statusCode).toBe(404);

      await rm(blocker, { recursive: true });
      const retried = await send();
      expect(retried.statusCode, retried.body).toBe(200);
      expect((await t.request({ method: "GET", url: `/files/${filePath}` })).statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: `/files/${filePath}?size=thumbnail` })).statusCode).toBe(200);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("upgrading an install with PostgreSQL whose photos are on the disk", () => {
  const databaseUrl = "postgres://localhost/housemate";

  async function boot(dataDir: string, env: Record<string, string> = {}) {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const t = await createTestContext({
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env },
      logger: { level: "warn", stream },
    });
    await t.close();
    return { kind: t.app.fileStoreKind, log: lines.join("") };
  }

  it("keeps serving from DATA_DIR/uploads, with a warning naming migrate-files and FILE_STORE", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "housemate-upgrade-"));
    try {
      expect(await boot(dataDir)).toEqual({ kind: "database", log: "" });

      await mkdir(path.join(dataDir, "uploads", "fine-evidence"), { recursive: true });
      await writeFile(path.join(dataDir, "uploads", "fine-evidence", "old.png"), tinyPng());
      const upgraded = await boot(dataDir);
      expect(upgraded.kind).toBe("disk");
      expect(upgraded.log).toContain("npm run migrate-files -- --from disk --to database");
      expect(upgraded.log).toContain("FILE_STORE=database");

      // Chosen on purpose, the database store is used even with files left on the disk.
      expect(await boot(dataDir, { FILE_STORE: "database" })).toEqual({ kind: "database", log: "" });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
