import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FILE_PATH_PATTERN,
  UPLOAD_DAILY_BYTES,
  UPLOAD_DAILY_COUNT,
  UPLOAD_MAX_BYTES,
  type ImageType,
} from "@housemate/contract";
import { MAX_IMAGE_PIXELS } from "../../src/features/storage/image-size.js";
import { stripJpegMetadata, stripPngMetadata, stripWebpMetadata } from "../../src/features/storage/image-metadata.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildMember, buildSession } from "../helpers/factories.js";
import {
  GPS_MARKER,
  gifOf,
  pngChunk,
  pngOf,
  pngWithCameraMetadata,
  tinyJpeg,
  tinyPng,
  tinyWebp,
  tinyWebpPicture,
  webpChunk,
  webpExtendedHeader,
  webpOf,
  webpWithCameraMetadata,
  withCameraMetadata,
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

/** A WebP "extended" header declaring a canvas of width × height pixels. */
function webpCanvas(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write("RIFF", 0, "latin1");
  bytes.writeUInt32LE(22, 4);
  bytes.write("WEBPVP8X", 8, "latin1");
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

/** The real JPEG with the frame size in its SOF0 header changed. */
function jpegDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(tinyJpeg());
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
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
    expect(dressed.res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const sentAsSvg = await send(token, tinyPng(), "image/png", "image/svg+xml");
    expect(sentAsSvg.res.statusCode).toBe(415);
    expect((await served(dressed.filePath)).statusCode).toBe(404);
  });

  it("refuses the right magic bytes in front of a header no decoder could read", async () => {
    const { token } = await buildMember(t.db);
    const signatureOnly = Buffer.concat([tinyPng().subarray(0, 8), Buffer.alloc(40, 1)]);
    expect((await send(token, signatureOnly, "image/png")).res.statusCode).toBe(415);
    const jpegCut = tinyJpeg().subarray(0, 30);
    expect((await send(token, jpegCut, "image/jpeg")).res.statusCode).toBe(415);
  });
});

describe("pixel floods: a tiny file declaring a huge picture", () => {
  const floods: [string, Buffer, ImageType][] = [
    ["PNG 50 000 × 50 000", pngOf(50_000, 50_000), "image/png"],
    ["GIF 65 535 × 65 535", gifOf({ width: 65_535, height: 65_535 }), "image/gif"],
    ["WebP 16 384 × 16 384", webpCanvas(16_384, 16_384), "image/webp"],
    ["JPEG 65 000 × 65 000", jpegDeclaring(65_000, 65_000), "image/jpeg"],
  ];
  it.each(floods)("refuses a %s with 413 and stores nothing", async (_name, bytes, type) => {
    const { token } = await buildMember(t.db);
    expect(bytes.length).toBeLessThan(2_000);
    const { filePath, res } = await send(token, bytes, type);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(res.json().error.message).toMatch(/at most 40 megapixels/);
    expect((await served(filePath)).statusCode).toBe(404);
  });

  it("accepts a picture of exactly 40 megapixels, and ordinary small images of every type", async () => {
    const { token } = await buildMember(t.db);
    expect(8_000 * 5_000).toBe(MAX_IMAGE_PIXELS);
    expect((await send(token, pngOf(8_000, 5_000), "image/png")).res.statusCode).toBe(200);
    expect((await send(token, pngOf(8_000, 5_001), "image/png")).res.statusCode).toBe(413);
    for (const [bytes, type] of [[tinyJpeg(), "image/jpeg"], [gifOf(), "image/gif"], [tinyWebp(), "image/webp"]] as const) {
      expect((await send(token, bytes, type)).res.statusCode).toBe(200);
    }
  });
});

describe("camera metadata", () => {
  it("strips EXIF (GPS), XMP, IPTC and comments from a stored JPEG, leaving the picture byte for byte", async () => {
    const { token } = await buildMember(t.db);
    const photo = withCameraMetadata(tinyJpeg());
    expect(photo.includes(GPS_MARKER)).toBe(true);
    const { filePath, res } = await send(token, photo, "image/jpeg");
    expect(res.statusCode, res.body).toBe(200);
    const file = await served(filePath);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes("GPS")).toBe(false);
    expect(file.rawPayload.includes("Exif")).toBe(false);
    expect(file.rawPayload.equals(tinyJpeg())).toBe(true);
    expect(Number(file.headers["content-length"])).toBe(tinyJpeg().length);
  });

  it("strips EXIF (GPS), text, XMP and time chunks from a stored PNG, leaving the picture byte for byte", async () => {
    const { token } = await buildMember(t.db);
    const picture = pngOf(4, 4);
    const photo = pngWithCameraMetadata(picture);
    expect(photo.includes(GPS_MARKER)).toBe(true);
    const { filePath, res } = await send(token, photo, "image/png");
    expect(res.statusCode, res.body).toBe(200);
    const file = await served(filePath);
    expect(file.rawPayload.includes("GPS")).toBe(false);
    expect(file.rawPayload.equals(picture)).toBe(true);
  });

  it("strips EXIF (GPS) and XMP from a stored WebP and clears their flags, keeping the picture", async () => {
    const { token } = await buildMember(t.db);
    const photo = webpWithCameraMetadata();
    expect(photo.includes(GPS_MARKER)).toBe(true);
    const { filePath, res } = await send(token, photo, "image/webp");
    expect(res.statusCode, res.body).toBe(200);
    const file = await served(filePath);
    expect(file.rawPayload.includes("GPS")).toBe(false);
    expect(file.rawPayload.equals(webpOf([webpExtendedHeader(0), tinyWebpPicture()]))).toBe(true);
  });

  it("keeps what the picture needs, and refuses files whose structure is broken", () => {
    // PNG: colour chunks stay; a chunk running off the end, or no IEND, is refused.
    const picture = pngOf(1, 1);
    const withColour = Buffer.concat([picture.subarray(0, 33), pngChunk("gAMA", Buffer.from([0, 0, 0xb1, 0x8f])), picture.subarray(33)]);
    expect(stripPngMetadata(withColour)?.equals(withColour)).toBe(true);
    expect(stripPngMetadata(picture.subarray(0, picture.length - 12))).toBeNull();
    expect(stripPngMetadata(picture.subarray(0, 40))).toBeNull();
    // WebP: a simple file comes back unchanged; an ICC profile and its flag stay; a chunk running off the end is refused.
    expect(stripWebpMetadata(tinyWebp())?.equals(tinyWebp())).toBe(true);
    const withIcc = webpOf([webpExtendedHeader(0x20 | 0x08), webpChunk("ICCP", Buffer.from("icc")), tinyWebpPicture(), webpChunk("EXIF", Buffer.from(GPS_MARKER))]);
    expect(stripWebpMetadata(withIcc)?.equals(webpOf([webpExtendedHeader(0x20), webpChunk("ICCP", Buffer.from("icc")), tinyWebpPicture()]))).toBe(true);
    const truncated = Buffer.from(tinyWebp());
    truncated.writeUInt32LE(100, 16);
    expect(stripWebpMetadata(truncated)).toBeNull();
  });

  it("keeps colour profiles and refuses a JPEG whose segments run off the end", () => {
    const icc = Buffer.from([0xff, 0xe2, 0x00, 0x06, 0x49, 0x43, 0x43, 0x5f]);
    const jpeg = tinyJpeg();
    const withIcc = Buffer.concat([jpeg.subarray(0, 2), icc, jpeg.subarray(2)]);
    expect(stripJpegMetadata(withIcc)?.equals(withIcc)).toBe(true);
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x01]))).toBeNull();
    expect(stripJpegMetadata(Buffer.from("not a jpeg"))).toBeNull();
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
  it.each(names)("never lets %j reach the file system: the path is the server's, the extension the type's", async (fileName) => {
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
  });

  it("refuses upload and file paths that climb or smuggle", async () => {
    const { token } = await buildMember(t.db);
    for (const bad of ["../../x.png", "..%2F..%2Fx.png", "fine-evidence/..%2F..%2Fpackage.json", "fine-evidence/a.png%00.html"]) {
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
