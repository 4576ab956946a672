import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import {
  FILE_PATH_PATTERN,
  UPLOAD_DAILY_BYTES,
  UPLOAD_DAILY_COUNT,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  type ImageType,
} from "@housemate/contract";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildMember, buildSession } from "../helpers/factories.js";
import {
  BLUE,
  GPS_MARKER,
  RED,
  declaringSize,
  looksLike,
  pictureOf,
  pixelAt,
  pngChunk,
  tinyImage,
  tinyJpeg,
  tinyPng,
  withGifComment,
  withPngChunks,
} from "../helpers/images.js";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "housemate-hostile-uploads-"));
  t = await createTestContext({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const reserve = (token: string, file: { fileName?: string; fileType?: string; fileSize: number }) =>
  t.request({
    method: "POST",
    url: "/api/storage/upload-url",
    token,
    payload: { fileName: "photo.png", fileType: "image/png", category: "fine-evidence", ...file },
  });

/** Reserves a slot for `bytes` declared as `type`, sends them, and returns the slot and the answer. */
async function send(token: string, bytes: Buffer, type: ImageType, sentAs: string = type) {
  const reserved = await reserve(token, { fileType: type, fileSize: bytes.length });
  expect(reserved.statusCode, reserved.body).toBe(200);
  const { filePath } = reserved.json().data as { filePath: string };
  const res = await t.request({
    method: "PUT",
    url: `/api/storage/upload/${filePath}`,
    token,
    headers: { "content-type": sentAs },
    payload: bytes,
  });
  return { filePath, res };
}

const served = (filePath: string) => t.request({ method: "GET", url: `/files/${filePath}` });

/** Uploads `bytes` as `type` and returns the stored file as it is served. */
async function stored(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const { token } = await buildMember(t.db);
  const { filePath, res } = await send(token, bytes, type);
  expect(res.statusCode, res.body).toBe(200);
  const file = await served(filePath);
  expect(file.statusCode).toBe(200);
  expect(file.headers["content-type"]).toBe(type);
  return file.rawPayload;
}

describe("content that is not what it claims", () => {
  it("refuses an SVG with a script, whether announced as SVG or dressed as a PNG", async () => {
    const { token } = await buildMember(t.db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asSvg = await reserve(token, { fileName: "x.svg", fileType: "image/svg+xml", fileSize: svg.length });
    expect(asSvg.statusCode).toBe(400);
    expect(asSvg.json().error.message).toBe("Only JPEG, PNG, WebP and GIF images can be uploaded");

    const dressed = await send(token, svg, "image/png");
    expect(dressed.res.statusCode).toBe(415);
    expect(dressed.res.json().error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The file's content is not a PNG image.",
    });
    const sentAsSvg = await send(token, tinyPng(), "image/png", "image/svg+xml");
    expect(sentAsSvg.res.statusCode).toBe(415);
    expect((await served(dressed.filePath)).statusCode).toBe(404);
  });

  it.each([
    ["a JPEG declared as a PNG", "image/jpeg", "image/png"],
    ["a PNG declared as a GIF", "image/png", "image/gif"],
    ["a GIF declared as a WebP", "image/gif", "image/webp"],
    ["a WebP declared as a JPEG", "image/webp", "image/jpeg"],
  ] as const)("refuses a real image of another type: %s", async (_name, actual, declared) => {
    const { token } = await buildMember(t.db);
    const { filePath, res } = await send(token, tinyImage(actual), declared);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await served(filePath)).statusCode).toBe(404);
  });

  it("refuses the right signature in front of data no decoder could read, and a cut-off picture", async () => {
    const { token } = await buildMember(t.db);
    const signatureOnly = Buffer.concat([tinyPng().subarray(0, 8), Buffer.alloc(40, 1)]);
    expect((await send(token, signatureOnly, "image/png")).res.statusCode).toBe(415);
    const jpegCut = tinyJpeg().subarray(0, 30);
    expect((await send(token, jpegCut, "image/jpeg")).res.statusCode).toBe(415);
    const photo = await pictureOf("image/jpeg", 64, 64);
    const truncated = await send(token, photo.subarray(0, photo.length - 40), "image/jpeg");
    expect(truncated.res.statusCode).toBe(415);
    expect((await served(truncated.filePath)).statusCode).toBe(404);
  });

  it("never runs a decoder the upload's types do not need, whatever the bytes are", async () => {
    const { token } = await buildMember(t.db);
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp"] as const) {
      const { res } = await send(token, tiff, type);
      expect(res.statusCode).toBe(415);
    }
  });
});

describe("pixel floods: a tiny file declaring a huge picture", () => {
  const floods: [string, ImageType, number, number][] = [
    ["PNG 50 000 × 50 000", "image/png", 50_000, 50_000],
    ["GIF 65 535 × 65 535", "image/gif", 65_535, 65_535],
    ["WebP 16 383 × 16 383", "image/webp", 16_383, 16_383],
    ["JPEG 65 000 × 65 000", "image/jpeg", 65_000, 65_000],
  ];
  it.each(floods)("refuses a %s with 413 and stores nothing", async (_name, type, width, height) => {
    const { token } = await buildMember(t.db);
    const bytes = await declaringSize(type, width, height);
    expect(bytes.length).toBeLessThan(2_000);
    const { filePath, res } = await send(token, bytes, type);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: `The image is too large: ${width} × ${height} pixels. Images can have at most 40 megapixels.`,
    });
    expect((await served(filePath)).statusCode).toBe(404);
  });

  it("accepts a real picture of exactly 40 megapixels and refuses one a row taller, though both fit in a few kB", async () => {
    const { token } = await buildMember(t.db);
    const flat = (height: number) =>
      sharp({ create: { width: 8_000, height, channels: 3, background: "#808080" } })
        .png()
        .toBuffer();
    expect(8_000 * 5_000).toBe(UPLOAD_MAX_PIXELS);
    const largest = await flat(5_000);
    expect(largest.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect((await send(token, largest, "image/png")).res.statusCode).toBe(200);
    const bomb = await send(token, await flat(5_001), "image/png");
    expect(bomb.res.statusCode).toBe(413);
    expect(bomb.res.json().error.message).toBe(
      "The image is too large: 8000 × 5001 pixels. Images can have at most 40 megapixels.",
    );
  });

  it("counts an animation's frames together, since every one is decoded", async () => {
    const { token } = await buildMember(t.db);
    // 40 frames of 1 000 × 1 001, each a shade lighter than the last: one is small, together they are 40.04 megapixels.
    const frame = 1_000 * 1_001 * 3;
    const frames = Buffer.alloc(frame * 40);
    for (let i = 0; i < 40; i += 1) frames.fill(i * 6, i * frame, (i + 1) * frame);
    const raw = { width: 1_000, height: 1_001 * 40, channels: 3 as const, pageHeight: 1_001 };
    const animation = await sharp(frames, { raw }).gif().toBuffer();
    expect(animation.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const { res } = await send(token, animation, "image/gif");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      "The image is too large: 40 frames of 1000 × 1001 pixels. Images can have at most 40 megapixels, all frames together.",
    );
  });

  it("stores a GIF whose screen alone claims 65 535 × 65 535 as the picture it really holds", async () => {
    const gif = Buffer.from(tinyImage("image/gif"));
    gif.writeUInt16LE(65_535, 6);
    gif.writeUInt16LE(65_535, 8);
    const file = await stored(gif, "image/gif");
    // The browser reads the screen size: re-encoded, it says 2 × 2.
    expect([file.readUInt16LE(6), file.readUInt16LE(8)]).toEqual([2, 2]);
  });
});

describe("what is stored is only the picture", () => {
  it("turns a JPEG the right way up by its EXIF orientation, then drops the EXIF", async () => {
    // 16 × 8, red left and blue right, taken with the phone on its side: orientation 6 means "turn 90° clockwise".
    const photo = await sharp(await pictureOf("image/jpeg", 16, 8))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const file = await stored(photo, "image/jpeg");
    const upright = await sharp(file).metadata();
    expect([upright.width, upright.height]).toEqual([8, 16]);
    expect(upright.orientation).toBeUndefined();
    expect(upright.exif).toBeUndefined();
    // The left half is on top now.
    expect(looksLike(await pixelAt(file, 4, 1), RED)).toBe(true);
    expect(looksLike(await pixelAt(file, 4, 14), BLUE)).toBe(true);
  });

  it.each(["image/jpeg", "image/png", "image/webp"] as const)(
    "drops EXIF (a GPS position), XMP and a colour profile from a %s, converting its colours to sRGB",
    async (type) => {
      const photo = await sharp(await pictureOf(type))
        .withExif({ IFD0: { ImageDescription: GPS_MARKER, Make: "Phone" } })
        .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/">${GPS_MARKER}</x:xmpmeta>`)
        .withIccProfile("p3")
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect([Boolean(before.exif), Boolean(before.xmp), before.hasProfile]).toEqual([true, true, true]);
      expect(photo.includes(GPS_MARKER)).toBe(true);

      const file = await stored(photo, type);
      const after = await sharp(file).metadata();
      expect(after).toMatchObject({ format: type.slice("image/".length), space: "srgb", hasProfile: false });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(file.includes(GPS_MARKER)).toBe(false);
      expect(file.includes("GPS")).toBe(false);
      expect(looksLike(await pixelAt(file, 0, 0), RED)).toBe(true);
    },
  );

  it("drops a PNG's text chunks (tEXt, zTXt, iTXt) and its time", async () => {
    const picture = await pictureOf("image/png");
    const photo = withPngChunks(picture, [
      pngChunk("tEXt", Buffer.from(`Comment\u0000Taken at home: ${GPS_MARKER}`, "latin1")),
      pngChunk("iTXt", Buffer.from(`Location\u0000\u0000\u0000\u0000\u0000${GPS_MARKER}`, "latin1")),
      pngChunk("tIME", Buffer.from([0x07, 0xea, 11, 23, 9, 30, 0])),
    ]);
    expect((await sharp(photo).metadata()).comments).toContainEqual({
      keyword: "Comment",
      text: `Taken at home: ${GPS_MARKER}`,
    });
    const file = await stored(photo, "image/png");
    expect((await sharp(file).metadata()).comments).toBeUndefined();
    for (const chunk of ["tEXt", "zTXt", "iTXt", "tIME", "eXIf"]) expect(file.includes(chunk)).toBe(false);
    expect(file.includes(GPS_MARKER)).toBe(false);
  });

  it("drops a GIF's comment and keeps its animation: every frame, its loop and its timing", async () => {
    const animation = await sharp(await pictureOf("image/gif", 16, 8, 3), { animated: true })
      .gif({ loop: 2, delay: [100, 200, 300] })
      .toBuffer();
    const commented = withGifComment(animation, `Taken at home: ${GPS_MARKER}`);
    expect(commented.includes(GPS_MARKER)).toBe(true);
    expect((await sharp(commented, { animated: true }).metadata()).pages).toBe(3);

    const file = await stored(commented, "image/gif");
    expect(file.includes(GPS_MARKER)).toBe(false);
    expect(file.includes(Buffer.from([0x21, 0xfe]))).toBe(false);
    const after = await sharp(file, { animated: true }).metadata();
    expect(after).toMatchObject({ pages: 3, loop: 2, delay: [100, 200, 300], width: 16, pageHeight: 8 });
  });

  it("keeps a palette PNG a palette PNG with exactly its colours", async () => {
    const logo = await sharp(await pictureOf("image/png", 32, 32))
      .png({ palette: true, quality: 100, dither: 0 })
      .toBuffer();
    const file = await stored(logo, "image/png");
    expect((await sharp(file).metadata()).isPalette).toBe(true);
    const pixels = (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer();
    expect((await pixels(file)).equals(await pixels(logo))).toBe(true);
  });
});

describe("file names", () => {
  const names = [
    "../../../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "%2e%2e%2f%2e%2e%2fapp.ts",
    "/absolute/path.png",
    "photo.png.html",
    "photo.html.png",
    "photo.jpg.exe",
    "\u202Egnp.exe",
    "CON.png",
  ];
  it.each(names)(
    "never lets %j reach the file system: the path is the server's, the extension the type's",
    async (fileName) => {
      const { token } = await buildMember(t.db);
      const bytes = tinyPng();
      const reserved = await reserve(token, { fileName, fileType: "image/png", fileSize: bytes.length });
      expect(reserved.statusCode, reserved.body).toBe(200);
      const { filePath } = reserved.json().data as { filePath: string };
      expect(filePath).toMatch(FILE_PATH_PATTERN);
      expect(filePath.endsWith(".png")).toBe(true);
      const sent = await t.request({
        method: "PUT",
        url: `/api/storage/upload/${filePath}`,
        token,
        headers: { "content-type": "image/png" },
        payload: bytes,
      });
      expect(sent.statusCode).toBe(200);
      expect(await readdir(dataDir)).toEqual(["uploads"]);
    },
  );

  it("refuses upload and file paths that climb or smuggle", async () => {
    const { token } = await buildMember(t.db);
    for (const bad of [
      "../../x.png",
      "..%2F..%2Fx.png",
      "fine-evidence/..%2F..%2Fpackage.json",
      "fine-evidence/a.png%00.html",
    ]) {
      const put = await t.request({
        method: "PUT",
        url: `/api/storage/upload/${bad}`,
        token,
        headers: { "content-type": "image/png" },
        payload: tinyPng(),
      });
      expect([400, 404]).toContain(put.statusCode);
      expect([400, 404]).toContain((await t.request({ method: "GET", url: `/files/${bad}` })).statusCode);
    }
  });
});

describe("daily upload quota", () => {
  it(`allows ${UPLOAD_DAILY_COUNT} uploads a day per person, then 429 with Retry-After until a day has passed`, async () => {
    const { user } = await buildMember(t.db);
    const token = await buildSession(t.db, user.id, new Date(t.clock.now.getTime() + 7 * 24 * 3600 * 1000));
    const other = await buildMember(t.db);
    for (let i = 0; i < UPLOAD_DAILY_COUNT; i += 1) {
      expect((await reserve(token, { fileSize: 100 })).statusCode).toBe(200);
    }
    const refused = await reserve(token, { fileSize: 100 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect((await reserve(other.token, { fileSize: 100 })).statusCode).toBe(200);

    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await reserve(token, { fileSize: 100 })).statusCode).toBe(200);
  });

  it(`allows ${UPLOAD_DAILY_BYTES / 1024 / 1024} MB a day per person`, async () => {
    // The test above moved the clock a day on: a session of the factory's default day could already be over.
    const { user } = await buildMember(t.db);
    const token = await buildSession(t.db, user.id, new Date(t.clock.now.getTime() + 7 * 24 * 3600 * 1000));
    const fits = UPLOAD_DAILY_BYTES / UPLOAD_MAX_BYTES;
    for (let i = 0; i < fits; i += 1) {
      expect((await reserve(token, { fileSize: UPLOAD_MAX_BYTES })).statusCode).toBe(200);
    }
    expect((await reserve(token, { fileSize: 1 })).statusCode).toBe(429);
  });
});
