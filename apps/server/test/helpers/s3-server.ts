import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3Server {
  /** FILE_STORE=s3's settings for this server's one bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free port, keeping its objects in a temporary folder, with one empty
 * bucket: what the s3 file store talks to in tests.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "housemate-s3-"));
  const bucket = "housemate-files";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORE: "s3",
      S3_URL: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      // s3rver's own fixed credentials: it checks the signature made with them.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
