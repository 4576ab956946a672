import { INVALID_CURSOR_MESSAGE } from "@housemate/contract";
import { badRequest } from "./errors.js";

/**
 * Where a page ends, for every list paged newest first by (created_at, id): the fines (decision 022) and the activity
 * log. Its last row's `created_at` in whole microseconds since the epoch
 * and its id. PostgreSQL keeps microseconds and a JS Date only milliseconds, so the time travels as PostgreSQL's
 * own integer (read as text by the query) and goes back to it as an exact timestamp text, never through a Date's
 * milliseconds: rows written within one millisecond are neither skipped nor repeated.
 */
export interface PagePosition {
  /** Microseconds since 1970-01-01T00:00:00Z, as decimal digits (past 2^53, beyond a JS number's exactness). */
  micros: string;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const POSITION = /^(0|[1-9]\d{0,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** 9999-12-31T23:59:59.999999Z: past this an ISO timestamp needs a sign and six year digits. */
const MAX_MICROS = 253_402_300_799_999_999n;

export const encodeCursor = (position: PagePosition): string =>
  Buffer.from(`${position.micros}.${position.id}`).toString("base64url");

/** What a list answers an unreadable cursor with: its own message, on its own query parameter. */
export interface CursorRefusal {
  message: string;
  /** The query parameter, as the error's path names it ("querystring.cursor"). */
  path: string;
}

const FINES_CURSOR: CursorRefusal = { message: INVALID_CURSOR_MESSAGE, path: "querystring.cursor" };

/** The position a cursor from `encodeCursor` names; 400 with `refusal`'s message for anything else. */
export function decodeCursor(cursor: string, refusal: CursorRefusal = FINES_CURSOR): PagePosition {
  // Node's decoder skips characters it does not know: only text it would write itself is read.
  const text = BASE64URL.test(cursor) ? Buffer.from(cursor, "base64url").toString("latin1") : "";
  const match = POSITION.exec(text);
  const [, micros, id] = match ?? [];
  if (!micros || !id || BigInt(micros) > MAX_MICROS || encodeCursor({ micros, id }) !== cursor) {
    throw badRequest(refusal.message, [{ path: refusal.path, message: refusal.message }]);
  }
  return { micros, id };
}

/** The position's time as a timestamp text PostgreSQL reads exactly ('2026-11-23T19:06:24.123456Z'). */
export function timestampOf(position: PagePosition): string {
  const micros = BigInt(position.micros);
  const millisecond = new Date(Number(micros / 1000n)).toISOString();
  return `${millisecond.slice(0, -1)}${String(micros % 1000n).padStart(3, "0")}Z`;
}
