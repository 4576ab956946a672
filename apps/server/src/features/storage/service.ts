import { and, count, eq, gte, isNotNull, isNull, min, sum } from "drizzle-orm";
import {
  UPLOAD_DAILY_BYTES,
  UPLOAD_DAILY_COUNT,
  UPLOAD_URL_TTL_MINUTES,
  type ImageType,
  type UploadConfig,
  type UploadUrlBody,
} from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { uploads, users } from "../../db/schema.js";
import { AppError, badRequest, conflict, forbidden, notFound, rateLimited } from "../../lib/errors.js";
import type { FileStore } from "../../plugins/storage.js";
import { newFilePath, publicUrlFor, thumbnailKey } from "./file-path.js";
import { imageTypeName, reencodeImage } from "./image.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reserves a server-made path for one file of the declared type and size, for the caller only, for
 * 15 minutes, within the caller's daily quota (UPLOAD_DAILY_COUNT files or UPLOAD_DAILY_BYTES bytes
 * reserved in the last 24 hours; beyond it 429, so one account cannot fill the disk).
 */
export async function reserveUpload(
  db: Database,
  params: { userId: string; file: UploadUrlBody; now: Date; publicOrigin: string },
): Promise<UploadConfig> {
  const filePath = newFilePath(params.file.category, params.file.fileType);
  await db.transaction(async (tx) => {
    // One reservation at a time per person, so concurrent requests cannot all slip under the quota.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, params.userId)).for("update");
    const since = new Date(params.now.getTime() - DAY_MS);
    const [used] = await tx
      .select({ files: count(), bytes: sum(uploads.size), oldest: min(uploads.createdAt) })
      .from(uploads)
      .where(and(eq(uploads.userId, params.userId), gte(uploads.createdAt, since)));
    const files = used?.files ?? 0;
    const bytes = Number(used?.bytes ?? 0);
    if (files + 1 > UPLOAD_DAILY_COUNT || bytes + params.file.fileSize > UPLOAD_DAILY_BYTES) {
      const oldest = used?.oldest ?? params.now;
      throw rateLimited((oldest.getTime() + DAY_MS - params.now.getTime()) / 1000);
    }
    await tx.insert(uploads).values({
      filePath,
      userId: params.userId,
      category: params.file.category,
      contentType: params.file.fileType,
      size: params.file.fileSize,
      expiresAt: new Date(params.now.getTime() + UPLOAD_URL_TTL_MINUTES * 60_000),
      createdAt: params.now,
    });
  });
  return { filePath, publicUrl: publicUrlFor(params.publicOrigin, filePath) };
}

/** The media type of a Content-Type header, without parameters. */
const mediaType = (header: string | undefined) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const ALREADY_UPLOADED = "This file has already been uploaded.";
/**
 * How long a claim may stand without its file before it counts as abandoned: far longer than writing 5 MB to any
 * store takes, so an upload still being written is never taken over, yet a process that died mid-write (or whose
 * rollback failed) does not leave the upload a 409 and its file a 404 for good.
 */
export const ABANDONED_CLAIM_MS = 60_000;

/** Whether the claim on `upload` stands without its image after ABANDONED_CLAIM_MS (the image is written last). */
async function isAbandoned(files: FileStore, upload: { filePath: string; uploadedAt: Date }, now: Date) {
  if (now.getTime() - upload.uploadedAt.getTime() < ABANDONED_CLAIM_MS) return false;
  const file = await files.open(upload.filePath);
  file?.stream.destroy();
  return file === null;
}

/**
 * Stores the bytes of a reserved upload: only the person who reserved it, only once, only before it
 * expires, and only if the content is the declared type and size. What is stored is the picture
 * re-encoded, with its thumbnail beside it (image.ts).
 */
export async function receiveUpload(
  db: Database,
  files: FileStore,
  params: { userId: string; filePath: string; contentType: string | undefined; bytes: Buffer; now: Date },
): Promise<void> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.filePath, params.filePath)).limit(1);
  if (!upload) throw notFound("This upload link was not found. Please request a new one.");
  if (upload.userId !== params.userId) throw forbidden("This upload link belongs to someone else.");
  const takingOver = upload.uploadedAt !== null;
  if (upload.uploadedAt && !(await isAbandoned(files, { ...upload, uploadedAt: upload.uploadedAt }, params.now))) {
    throw conflict(ALREADY_UPLOADED);
  }
  if (upload.expiresAt <= params.now) throw conflict("This upload link has expired. Please request a new one.");

  const declared = upload.contentType as ImageType;
  if (mediaType(params.contentType) !== declared) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The file was announced as ${imageTypeName(declared)} but sent as another type.`,
    );
  }
  if (params.bytes.length !== upload.size) {
    throw badRequest("The file's size does not match the size given when the upload was requested.");
  }
  // Decoding takes up to a few seconds: outside the transaction, so no connection (or PGlite's one) waits on it.
  const { image, thumbnail } = await reencodeImage(params.bytes, declared);

  // The conditional claim lets exactly one of concurrent uploads through; the others find it done. An abandoned
  // claim is taken over the same way: only if it is still the one that was found abandoned.
  const [claimed] = await db
    .update(uploads)
    .set({ uploadedAt: params.now })
    .where(
      and(
        eq(uploads.id, upload.id),
        upload.uploadedAt ? eq(uploads.uploadedAt, upload.uploadedAt) : isNull(uploads.uploadedAt),
      ),
    )
    .returning({ id: uploads.id });
  if (!claimed) throw conflict(ALREADY_UPLOADED);
  // What the abandoned attempt wrote (its thumbnail, say) would make the writes below refuse to overwrite it.
  if (takingOver) await Promise.all([thumbnailKey(upload.filePath), upload.filePath].map((key) => files.remove(key)));
  // Written after the claim, outside any transaction: the database store writes through this same database, where
  // PGlite's one connection would wait forever on a transaction held open around it. If writing fails, the claim
  // is undone and what was written removed, so nothing half-stored is served and the upload can be sent again.
  const writes: [key: string, bytes: Buffer][] = [
    [thumbnailKey(upload.filePath), thumbnail],
    [upload.filePath, image],
  ];
  try {
    for (const [key, bytes] of writes) await files.put(key, bytes);
  } catch (error) {
    await Promise.allSettled(writes.map(([key]) => files.remove(key)));
    await db.update(uploads).set({ uploadedAt: null }).where(eq(uploads.id, upload.id));
    throw error;
  }
}

/** The type of a completed upload, for serving it; null when there is no such finished file. */
export async function findUploadedFile(db: Database, filePath: string) {
  const [row] = await db
    .select({ contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.filePath, filePath), isNotNull(uploads.uploadedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Deletes stored files and their thumbnails, after the transaction that deleted their uploads rows committed (from
 * then on they are no longer served: only a known upload is). A file that cannot be deleted is logged, not thrown:
 * the change it belonged to has happened, and the file is no longer reachable.
 */
export async function removeStoredFiles(
  files: FileStore,
  filePaths: string[],
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  for (const filePath of filePaths) {
    for (const key of [filePath, thumbnailKey(filePath)]) {
      try {
        await files.remove(key);
      } catch (error) {
        log.warn({ err: error, key }, "an uploaded file could not be deleted");
      }
    }
  }
}
