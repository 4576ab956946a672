import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { openTestDatabase, TEST_ENGINE } from "./helpers/database.js";
import { buildFine, buildHouseholdWithMembers, buildMember } from "./helpers/factories.js";
import { pictureOf } from "./helpers/images.js";
import { startS3Server, type S3Server } from "./helpers/s3-server.js";

/** What an instance is configured with for each store; `shared` says whether a second instance sees its files. */
const STORES: [name: string, shared: boolean, env: (dataDir: string, s3: S3Server) => Record<string, string>][] = [
  ["database", true, (dataDir) => ({ FILE_STORE: "database", DATA_DIR: dataDir })],
  ["s3", true, (dataDir, s3) => ({ ...s3.env, DATA_DIR: dataDir })],
  // Each instance its own DATA_DIR, as on two machines: the 404 issue 19 measured.
  ["disk", false, (dataDir) => ({ FILE_STORE: "disk", DATA_DIR: dataDir })],
];

/** The headers a browser acts on when it shows (and caches) an uploaded photo. */
const SERVED_HEADERS = [
  "content-type",
  "content-length",
  "x-content-type-options",
  "content-security-policy",
  "cache-control",
];
const servedHeaders = (res: LightMyRequestResponse) =>
  Object.fromEntries(SERVED_HEADERS.map((name) => [name, res.headers[name]]));

describe.each(STORES)("a photo stored in the %s file store", (_name, shared, envFor) => {
  const folders: string[] = [];
  let s3: S3Server;
  let t: TestContext; // instance 1, which owns the database

  async function newDataDir() {
    const folder = await mkdtemp(path.join(tmpdir(), "housemate-instance-"));
    folders.push(folder);
    return folder;
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestContext({ env: envFor(await newDataDir(), s3) });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  /** A JPEG photo uploaded as a fine's evidence through instance 1 (by a new person unless `token` is given). */
  async function uploadThroughInstance1(token?: string): Promise<{ filePath: string; url: string }> {
    token ??= (await buildMember(t.db)).token;
    const photo = await pictureOf("image/jpeg", 64, 48);
    const reserved = await t.request({
      method: "POST",
      url: "/api/storage/upload-url",
      token,
      payload: { fileName: "sink.jpg", fileType: "image/jpeg", fileSize: photo.length, category: "fine-evidence" },
    });
    expect(reserved.statusCode).toBe(200);
    const { filePath, publicUrl } = reserved.json().data as { filePath: string; publicUrl: string };
    const sent = await t.request({
      method: "PUT",
      url: `/api/storage/upload/${filePath}`,
      token,
      payload: photo,
      headers: { "content-type": "image/jpeg" },
    });
    expect(sent.statusCode).toBe(200);
    return { filePath, url: new URL(publicUrl).pathname };
  }

  it("is uploaded and served through the app", async () => {
    const { url } = await uploadThroughInstance1();
    const served = await t.request({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    const thumbnail = await t.request({ method: "GET", url: `${url}?size=thumbnail` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
  });

  // Two instances need one PostgreSQL both reach; PGlite is one process's own database.
  describe.runIf(TEST_ENGINE === "postgres")("with a second instance on the same PostgreSQL", () => {
    let instance2: FastifyInstance;
    let database2: DatabaseHandle;

    beforeAll(async () => {
      const connectionString = t.app.database.pool?.options.connectionString;
      if (!connectionString) throw new Error("instance 1 is not on PostgreSQL");
      database2 = await openDatabase({ url: connectionString, poolSize: 5 });
      const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", ...envFor(await newDataDir(), s3) });
      instance2 = await buildApp({ config, database: database2, logger: false, webRoot: null });
      await instance2.ready();
    });
    afterAll(async () => {
      await instance2.close();
      await database2.close();
    });

    it(
      shared
        ? "serves what instance 1 stored: the same bytes with the same headers, and its thumbnail"
        : "answers 404 for what instance 1 stored, since each keeps its own disk",
      async () => {
        const { url } = await uploadThroughInstance1();
        for (const variant of [url, `${url}?size=thumbnail`]) {
          const fromInstance1 = await t.request({ method: "GET", url: variant });
          const fromInstance2 = await instance2.inject({ method: "GET", url: variant });
          expect(fromInstance1.statusCode).toBe(200);
          if (shared) {
            expect(fromInstance2.statusCode).toBe(200);
            expect(fromInstance2.rawPayload.equals(fromInstance1.rawPayload)).toBe(true);
            expect(servedHeaders(fromInstance2)).toEqual(servedHeaders(fromInstance1));
          } else {
            expect(fromInstance2.statusCode).toBe(404);
          }
        }
      },
    );

    it.runIf(shared)("is gone for both instances once its household is deleted through instance 2", async () => {
      const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
      const offender = members[0];
      if (!offender) throw new Error("member missing");
      const { filePath, url } = await uploadThroughInstance1(owner.token);
      await buildFine(
        t.db,
        { householdId: household.id, issuerId: owner.user.id, offenderId: offender.user.id },
        { evidenceImages: [filePath], status: "paid" },
      );
      // Only a household's last member may delete it.
      const left = await t.request({
        method: "POST",
        url: `/api/households/${household.id}/leave`,
        token: offender.token,
        payload: {},
      });
      expect(left.statusCode, left.body).toBe(200);
      expect((await t.request({ method: "GET", url })).statusCode).toBe(200);

      const deleted = await instance2.inject({
        method: "DELETE",
        url: `/api/households/${household.id}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await t.app.files.open(filePath)).toBeNull();
      expect((await t.request({ method: "GET", url })).statusCode).toBe(404);
    });
  });
});

describe("booting with FILE_STORE=s3", () => {
  it("stops with a message an operator can act on when the bucket is not there", async () => {
    const s3 = await startS3Server();
    const database = await openTestDatabase();
    try {
      const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", ...s3.env, S3_BUCKET: "no-such-bucket" });
      await expect(buildApp({ config, database, logger: false, webRoot: null })).rejects.toThrow(
        `The file store's bucket no-such-bucket at ${new URL(s3.env.S3_URL ?? "").host} cannot be used: it does not exist.`,
      );
    } finally {
      await database.close();
      await s3.close();
    }
  });
});
