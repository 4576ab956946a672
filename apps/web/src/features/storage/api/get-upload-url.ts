import { type UploadConfig, type UploadUrlBody, storageApi } from "@housemate/contract";
import { api, checkedAnswer } from "@/lib/api-client";

export const UPLOAD_CONFIG_MISSING = "Failed to get upload configuration.";

/** Reserves a server-chosen path for one file (SPEC §7 Storage); the bytes follow with uploadFile. */
export async function getUploadUrl(body: UploadUrlBody): Promise<UploadConfig> {
  const config = await api.call(storageApi.createUploadUrl, { body });
  return checkedAnswer(config, UPLOAD_CONFIG_MISSING, "filePath");
}
