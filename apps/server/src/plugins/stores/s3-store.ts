import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { FileStoreConfig } from "../../config.js";
import type { FileStore } from "../storage.js";

export type S3StoreConfig = Extract<FileStoreConfig, { kind: "s3" }>;

/**
 * Files as objects in one bucket of any S3-compatible store. The app still serves them (files.ts checks the upload,
 * then streams from here), so who may see a file is decided in one place: docs/decisions/039.
 */
export function s3Store(config: S3StoreConfig): FileStore & { close(): void } {
  const client = new S3Client({
    endpoint: config.url,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;

  return {
    async put(Key, bytes) {
      // If-None-Match makes the refusal atomic where the store supports it (AWS, MinIO); the HEAD before it refuses
      // on stores that ignore the header (s3rver among them). Keys are random and claimed in the database first,
      // so the gap between the two never matters in practice.
      if (await exists(client, Bucket, Key)) throw new Error(`a file is already stored under ${Key}`);
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
    close() {
      client.destroy();
    },
  };
}

async function exists(client: S3Client, Bucket: string, Key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket, Key }));
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
