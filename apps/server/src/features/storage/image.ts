import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { THUMBNAIL_SIZE, UPLOAD_MAX_PIXELS, type ImageType } from "@housemate/contract";
import { AppError } from "../../lib/errors.js";

// Only the decoders of the four types we accept ever see a stranger's bytes: libvips can also read SVG, TIFF,
// HEIF, PDF and more, and none of that parsing should be reachable from an upload. (This process has no other
// use for sharp, so the block is process-wide.)
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({
  operation: [
    "VipsForeignLoadJpegBuffer",
    "VipsForeignLoadPngBuffer",
    "VipsForeignLoadWebpBuffer",
    "VipsForeignLoadNsgifBuffer",
  ],
});
// Every upload is a new image: libvips' cache of recent operations would only hold memory.
sharp.cache(false);

/** How a person names the type in a message: "JPEG", "PNG", … */
export function imageTypeName(type: ImageType): string {
  return type.slice("image/".length).toUpperCase().replace("WEBP", "WebP");
}

const notAnImage = (type: ImageType) =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", `The file's content is not a ${imageTypeName(type)} image.`);

const FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" } as const;

/** JPEG and WebP quality of the stored image: no visible loss on a photo, smaller than the 90–95 phones save at. */
const IMAGE_QUALITY = 85;
const THUMBNAIL_QUALITY = 80;

/**
 * Every frame of an animation, nothing over the pixel limit decoded, and sharp's default strictness for
 * untrusted input: data a decoder warns about (broken or truncated) is refused, not guessed at.
 */
const DECODE: SharpOptions = { animated: true, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "warning" };

export interface StorableImage {
  /** The picture as it is stored and served: the declared type, upright, without any metadata. */
  image: Buffer;
  /** A still WebP of at most THUMBNAIL_SIZE pixels square (the first frame of an animation). */
  thumbnail: Buffer;
}

/**
 * Decodes an upload and encodes it again, so what is stored is only the picture: the EXIF orientation applied,
 * then EXIF (a phone's GPS position among it), XMP, IPTC, comments and colour profiles gone (colours converted to
 * sRGB first). Refused with 415 when the content is not the declared type or does not decode, and with 413 over
 * UPLOAD_MAX_PIXELS. Runs outside any transaction: a 12 MP photo takes about 0.6 s (docs/decisions/024).
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<StorableImage> {
  const header = await readHeader(bytes, type);
  try {
    const image = await encodeAs(sharp(bytes, DECODE).autoOrient(), type, header).toBuffer();
    const thumbnail = await sharp(bytes, { ...DECODE, animated: false })
      .autoOrient()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    return { image, thumbnail };
  } catch {
    // A header that reads but data that does not decode: no browser could show it either.
    throw notAnImage(type);
  }
}

/** The header, checked against the declared type and the pixel limit without decoding any pixels. */
async function readHeader(bytes: Buffer, type: ImageType): Promise<Metadata> {
  let header: Metadata;
  try {
    // The limit is checked below, against the frames together, with a message that says why.
    header = await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(type);
  }
  if (header.format !== FORMATS[type] || !header.width || !header.height) throw notAnImage(type);
  // Loaded as an animation, height is every frame's stacked: the pixels a decoder holds.
  if (header.width * header.height > UPLOAD_MAX_PIXELS) {
    const frames = header.pages ?? 1;
    const size = `${header.width} × ${header.pageHeight ?? header.height} pixels`;
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      frames > 1
        ? `The image is too large: ${frames} frames of ${size}. Images can have at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels, all frames together.`
        : `The image is too large: ${size}. Images can have at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return header;
}

/** The same type out as in, since the upload's address (and so its extension) was handed out before the bytes came. */
function encodeAs(pipeline: Sharp, type: ImageType, header: Metadata): Sharp {
  switch (type) {
    case "image/jpeg":
      return pipeline.jpeg({ quality: IMAGE_QUALITY });
    case "image/webp":
      return pipeline.webp({ quality: IMAGE_QUALITY });
    case "image/png":
      // A palette image (a screenshot, a logo) stays one: at full quality its colours are kept exactly.
      return pipeline.png(header.isPalette ? { palette: true, quality: 100, dither: 0 } : {});
    case "image/gif":
      // Its own palette again (sharp's default), so colours do not shift; every frame, loop and delay kept.
      return pipeline.gif();
  }
}
