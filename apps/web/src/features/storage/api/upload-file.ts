import { storageApi, uploadPathValues, uploadUrlBody, type UploadCategory } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getUploadUrl } from "./get-upload-url";

export const FILE_REQUIRED = "File is required for upload.";

/**
 * Uploads one image (SPEC §7 Storage): reserve a path, then PUT the raw bytes there. Resolves to the
 * address the file is served from. The contract's checks (type, size) run first, so a wrong file is
 * refused with its reason before anything is sent.
 */
export async function uploadFile(file: File | null | undefined, category: UploadCategory): Promise<string> {
  if (!file) throw new Error(FILE_REQUIRED);
  const request = uploadUrlBody.safeParse({ fileName: file.name, fileType: file.type, fileSize: file.size, category });
  if (!request.success) throw new Error(request.error.issues[0]?.message ?? "Upload failed");
  const config = await getUploadUrl(request.data);
  const result = await api.call(storageApi.uploadFile, { params: uploadPathValues(config.filePath), body: file });
  return result.publicUrl;
}
