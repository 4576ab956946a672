/** Deeper than any request body the API takes (its deepest is an object holding an array of strings: 2). */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found in one pass before JSON.parse: a body of
 * nothing but `[[[[…` costs JSON.parse and validation far more than its size suggests. Brackets inside strings
 * do not count; a backslash escapes the character after it, so `"\""` and `"\\"` both end where they should.
 * Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
