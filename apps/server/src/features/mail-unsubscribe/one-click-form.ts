/**
 * RFC 8058's one-click body, as mail clients send it: the RFC says the POST SHOULD be multipart/form-data and MAY be
 * application/x-www-form-urlencoded, with the one field `List-Unsubscribe=One-Click` (docs/decisions/052). The action
 * depends only on the signed token in the URL, so no multipart library is needed: the body is small, read whole as
 * text, and its text fields handed to the route's schema, which checks them as it checks the urlencoded form's.
 */

/** The most a one-click body may take, either form: the RFC's own is under 200 bytes with a long boundary. */
export const ONE_CLICK_BODY_LIMIT = 1024;

export const ONE_CLICK_FORM_UNREADABLE = "The request body is not a form this link can read.";

/** RFC 2046: a boundary is 1 to 70 characters, maybe quoted. */
const BOUNDARY_MAX = 70;
// Bounded, so no input makes them slow (the suite refuses polynomial patterns).
const FIELD_NAME = /;\s{0,8}name=(?:"([^"]{0,200})"|([^";\s]{1,200}))/i;
const DISPOSITION = "content-disposition:";

/** The boundary named by a multipart content type, or null when it names none usable. */
export function boundaryOf(contentType: string): string | null {
  for (const parameter of contentType.split(";").slice(1)) {
    const equals = parameter.indexOf("=");
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== "boundary") continue;
    let value = parameter.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value.length > 0 && value.length <= BOUNDARY_MAX ? value : null;
  }
  return null;
}

/**
 * The text fields of a multipart/form-data body (RFC 7578) by name, or null when it is not one: each part's
 * Content-Disposition names the field and its content is the value. Line ends may be CRLF (as the RFC asks) or LF.
 */
export function multipartFields(body: string, contentType: string): Record<string, string> | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  // The first piece is the preamble, which is ignored; the close delimiter ends the parts (what follows is too).
  const pieces = body.split(`--${boundary}`).slice(1);
  if (pieces.length === 0) return null;
  const fields: Array<[string, string]> = [];
  for (const piece of pieces) {
    if (piece.startsWith("--")) return Object.fromEntries(fields);
    const part = withoutLeadingLineEnd(piece);
    const crlf = part.indexOf("\r\n\r\n");
    const lf = part.indexOf("\n\n");
    const [headersEnd, gap] = crlf >= 0 && (lf < 0 || crlf < lf) ? [crlf, 4] : [lf, 2];
    if (headersEnd < 0) return null;
    const name = fieldNameOf(part.slice(0, headersEnd));
    if (name === null) return null;
    fields.push([name, withoutTrailingLineEnd(part.slice(headersEnd + gap))]);
  }
  // No close delimiter: a body cut short.
  return null;
}

function fieldNameOf(headers: string): string | null {
  for (const line of headers.split("\n")) {
    if (!line.trim().toLowerCase().startsWith(DISPOSITION)) continue;
    const match = FIELD_NAME.exec(line);
    return match ? (match[1] ?? match[2] ?? null) : null;
  }
  return null;
}

const withoutLeadingLineEnd = (text: string) =>
  text.startsWith("\r\n") ? text.slice(2) : text.startsWith("\n") ? text.slice(1) : text;
const withoutTrailingLineEnd = (text: string) =>
  text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
