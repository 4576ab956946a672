import { cleanText, DISPLAY_NAME_MESSAGE, isValidDisplayName, sanitizeDisplayName } from "@housemate/contract";

export type DisplayNameCheck = { valid: true; name: string } | { valid: false; message: string };

/**
 * SPEC §5 display name, as the server will read it: markup and SQL/script words stripped first, then
 * 1 to 50 letters, digits, spaces, hyphens, periods or underscores. Returns the name to save.
 */
export function checkDisplayName(typed: string): DisplayNameCheck {
  const name = sanitizeDisplayName(typed);
  return isValidDisplayName(name) ? { valid: true, name } : { valid: false, message: DISPLAY_NAME_MESSAGE };
}

/** SPEC §5: Save is disabled while the name is blank. */
export const isBlankName = (typed: string) => cleanText(typed, { multiLine: false }) === "";
