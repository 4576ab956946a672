/** A quoted text that already ends a sentence keeps its own mark: `"…next door!"`, never `"…next door!".`. */
const ENDS_A_SENTENCE = /[.!?…]$/u;

/**
 * Quotes a person's own text (a dispute reason, a rule or proposal title) where a notification's sentence ends with
 * it, so the full stop after the closing quote is written only when the text does not end a sentence by itself.
 */
export function quotedSentenceEnd(text: string): string {
  return ENDS_A_SENTENCE.test(text.trimEnd()) ? `"${text}"` : `"${text}".`;
}
