import { Readable } from "node:stream";
import type { FileStoreConfig } from "../../config.js";
import type { FileStore } from "../storage.js";

export type S3StoreConfig = Extract<FileStoreConfig, { kind: "s3" }>;

/**
 * Files as objects in one bucket of any S3-compatible store. The app still serves them (files.ts checks the upload,
 * then streams from here), so who may see a file is decided in one place: docs/decisions/039.
 */
export async function s3Store(
  config: S3StoreConfig,
): Promise<FileStore & { checkBucket(): Promise<void>; close(): void }> {
  // Loaded only here: the SDK adds about 200 ms and 30 MB to a start that keeps files on disk or in the database.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: config.url,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const isNotFound = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
  const exists = async (Key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };

  return {
    async put(Key, bytes) {
      // If-None-Match makes the refusal atomic where the store supports it (AWS, MinIO); the HEAD before it refuses
      // on stores that ignore the header (s3rver among them). Keys are random and claimed in the database first,
      // so the gap between the two never matters in practice.
      if (await exists(Key)) throw new Error(`a file is already stored under ${Key}`);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length, IfNoneMatch: "*" }),
      );
    },
    async open(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`the object store answered ${Key} without a body or length`);
        }
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(Key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    /** Fails with a message an operator can act on unless the bucket is there and the keys may use it. */
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? "it does not exist"
            : status === 403 || status === 401
              ? "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY may not use it"
              : `the store did not answer (${error instanceof Error ? error.message : String(error)})`;
        throw new Error(`The file store's bucket ${Bucket} at ${new URL(config.url).host} cannot be used: ${why}.`, {
          cause: error,
        });
      }
    },
    close() {
      client.destroy();
    },
  };
}
