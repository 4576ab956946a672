import type { CreateFineBody } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { badRequest } from "../../lib/errors.js";
import { filePathFromPublicUrl } from "../storage/file-path.js";
import { ownFinishedUploads } from "../storage/queries.js";

export const EVIDENCE_IMAGES_MESSAGE = "Evidence photos must be images you uploaded as evidence for this fine.";

export interface StoredEvidence {
  evidenceNote: string | null;
  /** Upload paths, not URLs: the address is made when the fine is shown. */
  evidenceImages: string[];
}

/**
 * Turns the evidence a client sent into what is stored. Images must be publicUrls of files the issuer
 * uploaded in the fine-evidence category, so nobody can attach someone else's photo or an outside address.
 */
export async function resolveEvidence(
  db: Executor,
  params: { issuerId: string; evidence: CreateFineBody["evidence"]; publicOrigin: string },
): Promise<StoredEvidence> {
  // Trimmed, and null when there is none.
  const note = params.evidence?.note?.trim() || null;
  const paths = (params.evidence?.images ?? []).map((url) => filePathFromPublicUrl(params.publicOrigin, url));
  if (paths.some((path) => path === null)) throw badRequest(EVIDENCE_IMAGES_MESSAGE);
  const wanted = [...new Set(paths.filter((path): path is string => path !== null))];
  const owned = await ownFinishedUploads(db, { userId: params.issuerId, category: "fine-evidence", filePaths: wanted });
  if (owned.length !== wanted.length) throw badRequest(EVIDENCE_IMAGES_MESSAGE);
  return { evidenceNote: note, evidenceImages: wanted };
}
