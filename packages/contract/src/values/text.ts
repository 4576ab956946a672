/**
 * The cleaning of free text people type (names, titles, notes, reasons), which the two schemas of ../text.ts apply
 * on the web and on the server alike (decision 018): it removes what cannot be seen, control characters (Cc) and
 * format characters (Cf: bidirectional overrides, zero-width space, soft hyphen…) and halves of surrogate pairs
 * standing alone (Cs), except the joiners and tags that
 * emoji sequences and some scripts are built with. Every pattern here is linear (checked by the server's hardening
 * suite). A module of values/ (see values/auth.ts): no schema library.
 */

const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
const TAB = /\t/g;
/** Control characters other than the line feed that line breaks have become by then. */
const CONTROL = /(?!\n)\p{Cc}/gu;
/** Format characters other than ZWNJ, ZWJ and the tag characters, which the steps below judge. */
// Alternatives, not one class: ZWNJ next to ZWJ inside a class reads as a joined sequence.
const FORMAT = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;
/** A subdivision flag (black flag, tag letters, cancel tag), or a tag character on its own. */
const FLAG_OR_TAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u{E0020}-\u{E007F}]/gu;
/** A joiner with nothing visible to join on one side: at an edge, next to a space or another joiner. */
const STRAY_JOINER = /(?<![^\s\u200C\u200D])[\u200C\u200D]|[\u200C\u200D](?![^\s\u200C\u200D])/gu;
/**
 * Half of a surrogate pair with no other half (with the u flag a whole pair is one character, never matched): it
 * stands for no character at all, and PostgreSQL's jsonb refuses it (an activity entry keeps what people typed).
 */
const LONE_SURROGATE = /\p{Cs}/gu;
const keepFlags = (match: string) => (match.startsWith("\u{1F3F4}") ? match : "");
/**
 * `raw` without control and invisible format characters, trimmed. Single-line text turns line
 * breaks into spaces; multi-line text keeps them as `\n`. Tabs become spaces.
 */
export function cleanText(raw: string, { multiLine }: { multiLine: boolean }): string {
  return raw
    .replace(LINE_BREAK, multiLine ? "\n" : " ")
    .replace(TAB, " ")
    .replace(CONTROL, "")
    .replace(LONE_SURROGATE, "")
    .replace(FORMAT, "")
    .replace(FLAG_OR_TAG, keepFlags)
    .replace(STRAY_JOINER, "")
    .trim();
}
/**
 * How long a field may be as sent, before cleaning: room for what cleaning removes (CRLF line
 * ends, stripped characters, surrounding spaces), small enough that cleaning stays cheap.
 */
export const rawTextLimit = (max: number) => max * 2;
