import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { UploadCategory } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { uploads } from "../../db/schema.js";

/**
 * Of `filePaths`, those `userId` finished uploading in `category`: what a fine's evidence or a profile picture may
 * point at, so nobody can attach someone else's file or one that never arrived.
 */
export async function ownFinishedUploads(
  db: Executor,
  params: { userId: string; category: UploadCategory; filePaths: string[] },
): Promise<string[]> {
  if (params.filePaths.length === 0) return [];
  const rows = await db
    .select({ filePath: uploads.filePath })
    .from(uploads)
    .where(
      and(
        inArray(uploads.filePath, params.filePaths),
        eq(uploads.userId, params.userId),
        eq(uploads.category, params.category),
        isNotNull(uploads.uploadedAt),
      ),
    );
  return rows.map((row) => row.filePath);
}
