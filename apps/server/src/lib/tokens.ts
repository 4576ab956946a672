import { createHash, randomBytes } from "node:crypto";

/** A secret for a link or a session: `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Only this digest of a secret is stored, so a database leak hands out no working links or sessions. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
