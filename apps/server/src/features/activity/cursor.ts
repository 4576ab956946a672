import { ACTIVITY_INVALID_CURSOR_MESSAGE } from "@housemate/contract";
import { badRequest } from "../../lib/errors.js";

/**
 * Where a page of the log ends: its last entry's `created_at` in whole microseconds since the epoch, and its id. As
 * the fines' cursor (features/fines/page-cursor.ts), the time travels as PostgreSQL's own integer, never through a
 * Date's milliseconds, so entries within one millisecond are neither skipped nor repeated.
 */
export interface LogPosition {
  micros: string;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const POSITION = /^(0|[1-9]\d{0,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** 9999-12-31T23:59:59.999999Z. */
const MAX_MICROS = 253_402_300_799_999_999n;

export const encodeLogCursor = (position: LogPosition): string =>
  Buffer.from(`${position.micros}.${position.id}`).toString("base64url");

/** The position a `before` cursor names; 400 for anything encodeLogCursor would not have written. */
export function decodeLogCursor(cursor: string): LogPosition {
  const text = BASE64URL.test(cursor) ? Buffer.from(cursor, "base64url").toString("latin1") : "";
  const [, micros, id] = POSITION.exec(text) ?? [];
  if (!micros || !id || BigInt(micros) > MAX_MICROS || encodeLogCursor({ micros, id }) !== cursor) {
    throw badRequest(ACTIVITY_INVALID_CURSOR_MESSAGE, [
      { path: "querystring.before", message: ACTIVITY_INVALID_CURSOR_MESSAGE },
    ]);
  }
  return { micros, id };
}

/** The position's time as a timestamp text PostgreSQL reads exactly. */
export function timestampOf(position: LogPosition): string {
  const micros = BigInt(position.micros);
  const millisecond = new Date(Number(micros / 1000n)).toISOString();
  return `${millisecond.slice(0, -1)}${String(micros % 1000n).padStart(3, "0")}Z`;
}
