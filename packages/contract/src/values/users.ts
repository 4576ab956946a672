import { cleanText } from "./text.js";

/**
 * Display names (SPEC §5) and profile texts.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../users.ts.
 */
export const DISPLAY_NAME_MESSAGE =
  "Display name can only contain letters, numbers, spaces, hyphens, periods, and underscores (1-50 characters)";
/** SPEC §5: profiles are visible only within one's household. */
export const PROFILE_FORBIDDEN_MESSAGE = "You can only view profiles of users in your household";
/** What a deleted account is called wherever the household's history still shows it. */
export const FORMER_MEMBER_NAME = "Former member";
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\d _.-]{1,50}$/u;
/** A tag: `<`, no `<` or `>`, then `>` (a `<` inside starts the next try, which keeps this linear). */
const MARKUP = /<[^<>]*>/g;
const DANGEROUS_WORDS =
  /\b(select|insert|update|delete|drop|union|alter|create|exec|execute|script|javascript|vbscript|onerror|onload)\b/gi;
/** SPEC §5: strip invisible characters, markup tags and SQL/script keywords, then trim. */
export function sanitizeDisplayName(raw: string): string {
  return cleanText(raw, { multiLine: false })
    .replace(MARKUP, "")
    .replace(DANGEROUS_WORDS, "")
    .replace(/\s+/g, " ")
    .trim();
}
export function isValidDisplayName(name: string): boolean {
  return DISPLAY_NAME_PATTERN.test(name);
}
