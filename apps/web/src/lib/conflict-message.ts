import { ApiError } from "./api-client";

/** The server's own words for a 409 (a household's cap reached, say), else SPEC's `fallback` text. */
export function conflictMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 409 ? error.message : fallback;
}
