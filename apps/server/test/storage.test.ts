import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import {
  FILE_PATH_PATTERN,
  IMAGE_TYPES,
  THUMBNAIL_SIZE,
  thumbnailUrl,
  UPLOAD_MAX_BYTES,
  type ImageType,
} from "@housemate/contract";
import { uploads } from "../src/db/schema.js";
import { ABANDONED_CLAIM_MS } from "../src/features/storage/service.js";
import { thumbnailKey } from "../src/features/storage/file-path.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildRule } from "./helpers/factories.js";
import { pictureOf, tinyImage } from "./helpers/images.js";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "housemate-uploads-"));
  t = await createTestContext({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A small real image of each type: the server decodes it and stores it re-encoded. */
const IMAGES = Object.fromEntries(IMAGE_TYPES.map((type) => [type, tinyImage(type)])) as Record<ImageType, Buffer>;

/** Ana and Ben share a flat; Dan lives elsewhere. */
async function flat() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
  const ben = members[0];
  if (!ben) throw new Error("member missing");
  const dan = (await buildHouseholdWithMembers(t.db, 0)).owner;
  return { household, ana, ben, dan };
}

const reserve = (token: string | undefined, change: Record<string, unknown> = {}) =>
  t.request({
    method: "POST",
    url: "/api/storage/upload-url",
    token,
    payload: {
      fileName: "sink.png",
      fileType: "image/png",
      fileSize: IMAGES["image/png"].length,
      category: "fine-evidence",
      ...change,
    },
  });

const put = (token: string | undefined, filePath: string, body: Buffer, contentType = "image/png") =>
  t.request({
    method: "PUT",
    url: `/api/storage/upload/${filePath}`,
    token,
    payload: body,
    headers: { "content-type": contentType },
  });

/** Reserves and uploads an image as `token`; returns its filePath and publicUrl. */
async function uploaded(token: string, type: ImageType = "image/png", category = "fine-evidence") {
  const bytes = IMAGES[type];
  const reserved = await reserve(token, { fileType: type, fileSize: bytes.length, category });
  expect(reserved.statusCode).toBe(200);
  const { filePath, publicUrl } = reserved.json().data as { filePath: string; publicUrl: string };
  const res = await put(token, filePath, bytes, type);
  expect(res.statusCode).toBe(200);
  return { filePath, publicUrl };
}

describe("reserving an upload", () => {
  it("hands out an unguessable path named by the declared type, never by the file name", async () => {
    const { ana } = await flat();
    const res = await reserve(ana.token, { fileName: "../../evil.html", fileType: "image/png" });
    expect(res.statusCode).toBe(200);
    const { filePath, publicUrl } = res.json().data;
    expect(filePath).toMatch(FILE_PATH_PATTERN);
    expect(filePath).toMatch(/^fine-evidence\/[\w-]{32}\.png$/);
    expect(publicUrl).toBe(`${PUBLIC_URL}/files/${filePath}`);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.filePath, filePath));
    expect(row).toMatchObject({ userId: ana.user.id, contentType: "image/png", uploadedAt: null });
    expect(row?.expiresAt.getTime()).toBe(t.clock.now.getTime() + 15 * 60_000);
  });

  it.each([
    ["an unknown category", { category: "secrets" }],
    ["a type that is not an image we keep", { fileType: "image/svg+xml" }],
    ["HTML", { fileType: "text/html" }],
    ["a file over 5 MB", { fileSize: UPLOAD_MAX_BYTES + 1 }],
    ["an empty file", { fileSize: 0 }],
    ["no file name", { fileName: "" }],
  ])("refuses %s", async (_label, change) => {
    const { ana } = await flat();
    const res = await reserve(ana.token, change);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });
});

describe("uploading and serving", () => {
  it.each(IMAGE_TYPES)("stores a %s re-encoded and serves it with its type, nosniff and long caching", async (type) => {
    const { ana } = await flat();
    const { filePath, publicUrl } = await uploaded(ana.token, type);
    const served = await t.request({ method: "GET", url: new URL(publicUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe(type);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    const image = await sharp(served.rawPayload).metadata();
    expect(image).toMatchObject({ format: type.slice("image/".length), width: 2, height: 2 });
    expect(existsSync(path.join(dataDir, "uploads", filePath))).toBe(true);
  });

  it("accepts each path once, from the person who reserved it", async () => {
    const { ana, ben, dan } = await flat();
    const { filePath } = await uploaded(ana.token);
    const again = await put(ana.token, filePath, IMAGES["image/png"]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This file has already been uploaded.");

    const open = (await reserve(ana.token)).json().data.filePath;
    for (const other of [ben, dan]) {
      const res = await put(other.token, open, IMAGES["image/png"]);
      expect(res.statusCode).toBe(403);
    }
    expect((await put(undefined, open, IMAGES["image/png"])).statusCode).toBe(401);
  });

  it("keeps only the first of concurrent uploads to one path", async () => {
    const { ana } = await flat();
    const { filePath } = (await reserve(ana.token)).json().data;
    const results = await Promise.all(Array.from({ length: 5 }, () => put(ana.token, filePath, IMAGES["image/png"])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it("refuses content that is not the declared type", async () => {
    const { ana } = await flat();
    const html = Buffer.from("<html><script>alert(1)</script></html>".padEnd(IMAGES["image/png"].length, " "));
    const { filePath } = (await reserve(ana.token)).json().data;
    const wrongBytes = await put(ana.token, filePath, html);
    expect(wrongBytes.statusCode).toBe(415);
    expect(wrongBytes.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const jpeg = IMAGES["image/jpeg"];
    const jpegAsPng = await put(ana.token, filePath, jpeg.subarray(0, IMAGES["image/png"].length));
    expect(jpegAsPng.statusCode).toBe(415);
    const wrongHeader = await put(ana.token, filePath, IMAGES["image/png"], "image/gif");
    expect(wrongHeader.statusCode).toBe(415);
    const notAnImage = await put(ana.token, filePath, IMAGES["image/png"], "text/html");
    expect(notAnImage.statusCode).toBe(415);
    // After all that, the slot is still open for the real file.
    expect((await put(ana.token, filePath, IMAGES["image/png"])).statusCode).toBe(200);
  });

  it("takes over a claim left without its file (a process that died mid-write), once it cannot still be writing", async () => {
    const { ana } = await flat();
    const { filePath } = (await reserve(ana.token)).json().data as { filePath: string };
    // Claimed, its thumbnail written, then nothing: the image never came and the claim was never undone.
    await t.db.update(uploads).set({ uploadedAt: t.clock.now }).where(eq(uploads.filePath, filePath));
    await t.app.files.put(thumbnailKey(filePath), IMAGES["image/png"]);

    const tooSoon = await put(ana.token, filePath, IMAGES["image/png"]);
    expect(tooSoon.statusCode).toBe(409);
    t.clock.advance(ABANDONED_CLAIM_MS);
    const retried = await put(ana.token, filePath, IMAGES["image/png"]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await t.request({ method: "GET", url: `/files/${filePath}` })).statusCode).toBe(200);
    const thumbnail = await t.request({ method: "GET", url: `/files/${filePath}?size=thumbnail` });
    expect(thumbnail.headers["content-type"]).toBe("image/webp");

    t.clock.advance(ABANDONED_CLAIM_MS);
    expect((await put(ana.token, filePath, IMAGES["image/png"])).statusCode).toBe(409);
  });

  it("refuses a size other than the declared one, and anything over 5 MB", async () => {
    const { ana } = await flat();
    const { filePath } = (await reserve(ana.token)).json().data;
    const longer = await put(ana.token, filePath, Buffer.concat([IMAGES["image/png"], Buffer.alloc(1)]));
    expect(longer.statusCode).toBe(400);

    const big = (await reserve(ana.token, { fileSize: UPLOAD_MAX_BYTES })).json().data.filePath;
    const tooBig = Buffer.concat([
      IMAGES["image/png"],
      Buffer.alloc(UPLOAD_MAX_BYTES + 1 - IMAGES["image/png"].length),
    ]);
    const res = await put(ana.token, big, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses an upload after the 15 minutes", async () => {
    const { ana } = await flat();
    const { filePath } = (await reserve(ana.token)).json().data;
    t.clock.advance(15 * 60_000 + 1);
    const res = await put(ana.token, filePath, IMAGES["image/png"]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/expired/);
  });

  it.each([
    "../../etc/passwd",
    "fine-evidence/../../../etc/passwd",
    "%2e%2e/%2e%2e/etc/passwd",
    "fine-evidence/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%2F..%2Fpackage.json",
    "fine-evidence/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png%00.html",
    "secrets/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png",
    "fine-evidence/short.png",
  ])("never lets %s near the file system", async (filePath) => {
    const { ana } = await flat();
    const res = await put(ana.token, filePath, IMAGES["image/png"]);
    expect([400, 404]).toContain(res.statusCode);
    const served = await t.request({ method: "GET", url: `/files/${filePath}` });
    expect(served.statusCode).toBe(404);
    expect(await readdir(dataDir)).not.toContain("etc");
  });

  it("serves nothing for a path that was reserved but not uploaded, or never existed", async () => {
    const { ana } = await flat();
    const { publicUrl } = (await reserve(ana.token)).json().data;
    expect((await t.request({ method: "GET", url: new URL(publicUrl).pathname })).statusCode).toBe(404);
    const unknown = `/files/fine-evidence/${"b".repeat(32)}.png`;
    expect((await t.request({ method: "GET", url: unknown })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: "PUT",
          url: `/api${unknown.replace("/files", "/storage/upload")}`,
          token: ana.token,
          payload: IMAGES["image/png"],
          headers: { "content-type": "image/png" },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("thumbnails", () => {
  const get = (url: string) => t.request({ method: "GET", url: url.slice(PUBLIC_URL.length) });

  it.each(IMAGE_TYPES)("serves a %s's thumbnail beside it: a still WebP of at most 128 px square", async (type) => {
    const { ana } = await flat();
    const bytes = await pictureOf(type, 600, 400, type === "image/gif" || type === "image/webp" ? 2 : 1);
    const reserved = (await reserve(ana.token, { fileType: type, fileSize: bytes.length })).json().data as {
      filePath: string;
      publicUrl: string;
    };
    expect((await put(ana.token, reserved.filePath, bytes, type)).statusCode).toBe(200);

    const thumbnail = await get(thumbnailUrl(reserved.publicUrl));
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(thumbnail.headers["x-content-type-options"]).toBe("nosniff");
    expect(thumbnail.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const small = await sharp(thumbnail.rawPayload, { animated: true }).metadata();
    expect(small).toMatchObject({ format: "webp", width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
    expect(small.pages ?? 1).toBe(1);
    expect(thumbnail.rawPayload.length).toBeLessThan(5_000);

    const image = await get(reserved.publicUrl);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 600, height: 400 });
  });

  it("writes the image and its thumbnail to the file store at upload, the thumbnail a fraction of the image", async () => {
    const { ana } = await flat();
    const bytes = await pictureOf("image/jpeg", 1200, 900);
    const reserved = (await reserve(ana.token, { fileType: "image/jpeg", fileSize: bytes.length })).json().data as {
      filePath: string;
    };
    expect((await put(ana.token, reserved.filePath, bytes, "image/jpeg")).statusCode).toBe(200);
    const stored = async (key: string) => {
      const file = await t.app.files.open(key);
      if (!file) throw new Error(`${key} is not stored`);
      return Buffer.concat(await file.stream.toArray());
    };
    const image = await stored(reserved.filePath);
    const thumbnail = await stored(thumbnailKey(reserved.filePath));
    expect(await sharp(image).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(thumbnail.length * 4).toBeLessThan(image.length);
  });

  it("answers the thumbnail exactly as it answers the image, whoever asks (docs/decisions/005)", async () => {
    const { ana, ben, dan } = await flat();
    const { publicUrl } = await uploaded(ana.token);
    const unfinished = (await reserve(ana.token)).json().data.publicUrl as string;
    const unknown = `${PUBLIC_URL}/files/fine-evidence/${"c".repeat(32)}.png`;
    for (const url of [publicUrl, unfinished, unknown]) {
      for (const token of [undefined, ana.token, ben.token, dan.token, "not-a-session"]) {
        const image = await t.request({ method: "GET", url: url.slice(PUBLIC_URL.length), token });
        const thumbnail = await t.request({ method: "GET", url: thumbnailUrl(url).slice(PUBLIC_URL.length), token });
        expect(thumbnail.statusCode, `${url} with ${token ?? "no session"}`).toBe(image.statusCode);
        expect(thumbnail.headers["cache-control"]).toBe(image.headers["cache-control"]);
      }
    }
  });

  it("deletes the thumbnail with its image: neither is stored nor served once the household is deleted", async () => {
    const { household, ana, ben } = await flat();
    const rule = await buildRule(t.db, household.id, ana.user.id);
    const { filePath, publicUrl } = await uploaded(ana.token);
    const issued = await t.request({
      method: "POST",
      url: "/api/fines",
      token: ana.token,
      payload: {
        offender_id: ben.user.id,
        rule_id: rule.id,
        amount: 1,
        household_id: household.id,
        evidence: { images: [publicUrl] },
      },
    });
    expect(issued.statusCode).toBe(201);
    expect(await t.app.files.open(thumbnailKey(filePath))).not.toBeNull();

    // Ana, the admin, removes Ben (the fine he owes is written off), then deletes the household she is alone in.
    const removed = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/members/${ben.user.id}/remove`,
      token: ana.token,
      payload: { reason: "Moved out" },
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await t.request({ method: "DELETE", url: `/api/households/${household.id}`, token: ana.token });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.files.open(filePath)).toBeNull();
    expect(await t.app.files.open(thumbnailKey(filePath))).toBeNull();
    expect((await get(publicUrl)).statusCode).toBe(404);
    expect((await get(thumbnailUrl(publicUrl))).statusCode).toBe(404);
  });

  it("does not enlarge a picture smaller than a thumbnail", async () => {
    const { ana } = await flat();
    const { publicUrl } = await uploaded(ana.token);
    const thumbnail = await get(thumbnailUrl(publicUrl));
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 2, height: 2 });
  });

  it("serves the image itself for an upload stored before thumbnails existed", async () => {
    const { ana } = await flat();
    const { filePath, publicUrl } = await uploaded(ana.token, "image/jpeg");
    // Through the store, whichever it is: the file as an upload before thumbnails would have left it.
    await t.app.files.remove(thumbnailKey(filePath));
    const thumbnail = await get(thumbnailUrl(publicUrl));
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    expect(thumbnail.rawPayload.equals((await get(publicUrl)).rawPayload)).toBe(true);
  });

  it("has no thumbnail address of its own: nothing can be uploaded to it or attached with it", async () => {
    const { ana } = await flat();
    const { filePath } = await uploaded(ana.token);
    const sibling = filePath.replace(/\.png$/, ".thumbnail.webp");
    expect((await t.request({ method: "GET", url: `/files/${sibling}` })).statusCode).toBe(404);
    expect((await put(ana.token, sibling, IMAGES["image/png"])).statusCode).toBe(400);
  });

  it("refuses a size it does not make, and ignores parameters it does not know (a cache-buster)", async () => {
    const { ana } = await flat();
    const { publicUrl } = await uploaded(ana.token);
    const big = await get(`${publicUrl}?size=large`);
    expect(big.statusCode).toBe(400);
    expect(big.json().error.code).toBe("VALIDATION_ERROR");
    expect((await get(`${publicUrl}?v=2`)).headers["content-type"]).toBe("image/png");
    expect((await get(`${publicUrl}?size=thumbnail&v=2`)).headers["content-type"]).toBe("image/webp");
  });

  it("serves no thumbnail for an upload that is reserved but not finished", async () => {
    const { ana } = await flat();
    const { publicUrl } = (await reserve(ana.token)).json().data as { publicUrl: string };
    expect((await get(thumbnailUrl(publicUrl))).statusCode).toBe(404);
  });
});

describe("fine evidence", () => {
  const issue = (w: Awaited<ReturnType<typeof flat>>, ruleId: string, images: string[]) =>
    t.request({
      method: "POST",
      url: "/api/fines",
      token: w.ana.token,
      payload: {
        offender_id: w.ben.user.id,
        rule_id: ruleId,
        amount: 2.5,
        household_id: w.household.id,
        evidence: { note: "See photo", images },
      },
    });

  it("accepts the issuer's own fine-evidence uploads and shows them as addresses", async () => {
    const w = await flat();
    const rule = await buildRule(t.db, w.household.id, w.ana.user.id);
    const first = await uploaded(w.ana.token);
    const second = await uploaded(w.ana.token, "image/jpeg");
    const res = await issue(w, rule.id, [first.publicUrl, `/files/${second.filePath}`]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.evidence).toEqual({ note: "See photo", images: [first.publicUrl, second.publicUrl] });
    const served = await t.request({ method: "GET", url: new URL(first.publicUrl).pathname });
    expect(served.statusCode).toBe(200);
  });

  it("refuses someone else's upload, another category, an unfinished upload and outside addresses", async () => {
    const w = await flat();
    const rule = await buildRule(t.db, w.household.id, w.ana.user.id);
    const bens = await uploaded(w.ben.token);
    const avatar = await uploaded(w.ana.token, "image/png", "profile-pictures");
    const unfinished = (await reserve(w.ana.token)).json().data.publicUrl as string;
    for (const image of [
      bens.publicUrl,
      avatar.publicUrl,
      unfinished,
      "https://evil.example/files/x.png",
      "/files/../../etc/passwd",
    ]) {
      const res = await issue(w, rule.id, [image]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Evidence photos must be images you uploaded as evidence for this fine.");
    }
  });

  it("applies the same rule when the issuer edits the evidence", async () => {
    const w = await flat();
    const fine = await buildFine(t.db, {
      householdId: w.household.id,
      issuerId: w.ana.user.id,
      offenderId: w.ben.user.id,
    });
    const bens = await uploaded(w.ben.token);
    const patch = (images: string[]) =>
      t.request({
        method: "PATCH",
        url: `/api/fines/${fine.id}`,
        token: w.ana.token,
        payload: { evidence: { images } },
      });
    expect((await patch([bens.publicUrl])).statusCode).toBe(400);
    const own = await uploaded(w.ana.token, "image/gif");
    const res = await patch([own.publicUrl]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.evidence).toEqual({ note: null, images: [own.publicUrl] });
  });
});

describe("authorization matrix", () => {
  it.each([
    ["signed out", 401],
    ["signed in", 200],
  ] as const)("POST /storage/upload-url as %s → %i", async (who, status) => {
    const { ana } = await flat();
    const res = await reserve(who === "signed in" ? ana.token : undefined);
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ["signed out", 401],
    ["the person who reserved it", 200],
    ["another member of the household", 403],
    ["a member of another household", 403],
    ["anyone, for an unknown path", 404],
  ] as const)("PUT /storage/upload/{filePath} as %s → %i", async (who, status) => {
    const w = await flat();
    let { filePath } = (await reserve(w.ana.token)).json().data as { filePath: string };
    if (who === "anyone, for an unknown path") filePath = `fine-evidence/${"c".repeat(32)}.png`;
    const token = {
      "signed out": undefined,
      "the person who reserved it": w.ana.token,
      "another member of the household": w.ben.token,
      "a member of another household": w.dan.token,
      "anyone, for an unknown path": w.ana.token,
    }[who];
    const res = await put(token, filePath, IMAGES["image/png"]);
    expect(res.statusCode).toBe(status);
  });

  it("GET /files/{filePath} needs no sign-in: the unguessable path is the capability (decision 005)", async () => {
    const w = await flat();
    const { publicUrl } = await uploaded(w.ana.token);
    expect((await t.request({ method: "GET", url: new URL(publicUrl).pathname })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/files/fine-evidence/${"d".repeat(32)}.png` })).statusCode).toBe(
      404,
    );
  });
});
