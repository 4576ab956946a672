import { z } from "zod";
import { cleanText, rawTextLimit } from "./values/text.js";

/**
 * Free text people type goes through one of the two schemas below, on the web and on the server alike (decision
 * 018). Each bounds the raw input before any transform, so no pattern ever sees a huge string, then cleans it
 * (values/text.ts), then checks its length.
 */

export interface TextFieldOptions {
  /** Longest text kept, after cleaning. */
  max: number;
  /** Shortest text kept, after cleaning (a required field has 1). */
  min?: number;
  /** Message when shorter than `min`. */
  tooShort?: string;
  /** Message when longer than `max`. */
  tooLong?: string;
}

function textField(multiLine: boolean, options: TextFieldOptions) {
  const { max, min = 0, tooShort, tooLong = `Must be at most ${max} characters` } = options;
  // `abort` stops the checks there: cleaning never runs on an input over the raw limit.
  const cleaned = z
    .string()
    .max(rawTextLimit(max), { message: tooLong, abort: true })
    .overwrite((raw) => cleanText(raw, { multiLine }));
  return (min > 0 ? cleaned.min(min, tooShort) : cleaned).max(max, tooLong);
}

/** A name or title: one line, bounded, cleaned, then `min`/`max` checked. */
export const singleLineText = (options: TextFieldOptions) => textField(false, options);
/** A note, description or reason: line breaks kept as `\n`, bounded, cleaned, then checked. */
export const multiLineText = (options: TextFieldOptions) => textField(true, options);
