/**
 * A reader of the old-style (OpenStep) property lists Xcode writes its project.pbxproj in, for the native-project
 * checks (src/native-projects.test.ts) with no dependency: dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted
 * strings with their escapes, bare words, and comments, in any layout. Data (`<…>`) is not used by Xcode projects and
 * is refused, as is anything else it does not know.
 */
export type OpenStepValue = string | OpenStepValue[] | { [key: string]: OpenStepValue };

const BARE = /[A-Za-z0-9_$/.:+-]/;
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\" };

export function parseOpenStepPlist(text: string): OpenStepValue {
  let at = 0;

  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${at} of the property list`);
  };

  function skipSpaceAndComments() {
    for (;;) {
      const char = text.charAt(at);
      if (char === " " || char === "\t" || char === "\n" || char === "\r") at += 1;
      else if (text.startsWith("//", at)) {
        const end = text.indexOf("\n", at);
        at = end === -1 ? text.length : end + 1;
      } else if (text.startsWith("/*", at)) {
        const end = text.indexOf("*/", at + 2);
        if (end === -1) fail("an unclosed comment");
        at = end + 2;
      } else return;
    }
  }

  function expect(char: string) {
    skipSpaceAndComments();
    if (text.charAt(at) !== char) fail(`'${char}' expected`);
    at += 1;
  }

  function string(): string {
    skipSpaceAndComments();
    if (text.charAt(at) === '"') {
      at += 1;
      let value = "";
      for (;;) {
        const char = text.charAt(at);
        if (char === "") fail("an unclosed string");
        at += 1;
        if (char === '"') return value;
        if (char === "\\") {
          const escaped = ESCAPES[text.charAt(at)];
          if (escaped === undefined) return fail("an unknown escape");
          value += escaped;
          at += 1;
        } else value += char;
      }
    }
    const start = at;
    while (at < text.length && BARE.test(text.charAt(at))) at += 1;
    if (at === start) fail("a value expected");
    return text.slice(start, at);
  }

  function value(): OpenStepValue {
    skipSpaceAndComments();
    const char = text.charAt(at);
    if (char === "{") {
      at += 1;
      const dictionary: Record<string, OpenStepValue> = {};
      for (;;) {
        skipSpaceAndComments();
        if (text.charAt(at) === "}") {
          at += 1;
          return dictionary;
        }
        const key = string();
        expect("=");
        dictionary[key] = value();
        expect(";");
      }
    }
    if (char === "(") {
      at += 1;
      const array: OpenStepValue[] = [];
      for (;;) {
        skipSpaceAndComments();
        if (text.charAt(at) === ")") {
          at += 1;
          return array;
        }
        array.push(value());
        skipSpaceAndComments();
        if (text.charAt(at) === ",") at += 1;
        else if (text.charAt(at) !== ")") fail("',' or ')' expected");
      }
    }
    return string();
  }

  const root = value();
  skipSpaceAndComments();
  if (at !== text.length) fail("text after the property list");
  return root;
}
