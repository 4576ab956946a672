/**
 * What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): a leading =, + , - or @, and a tab or
 * carriage return, which some spreadsheet apps skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet will show it and never run it: one that begins like a formula gets a leading `'`,
 * OWASP's advice, so `=HYPERLINK(…)` in a rule's title opens as that text. Applied to every text cell of an export
 * (names, rule titles, descriptions); the amounts and dates we write ourselves are not text and are left alone.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
