import { ApiError } from "@/lib/api-client";

/**
 * SPEC's failure text for a household action, except where the server's own words say more: a 409
 * tells the person they already belong to a household, which 'please try again' would hide.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 409 ? error.message : fallback;
}
