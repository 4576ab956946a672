/**
 * The download's file name, `housemate-fines-<household>-<from>-<to>.<ext>`, as a Content-Disposition header: an
 * ASCII `filename` every browser reads (accents dropped, anything else a hyphen), and `filename*` (RFC 6266 / 5987)
 * with the household's name as written, for the browsers that read UTF-8.
 */
export function attachmentHeader(householdName: string, from: string, to: string, extension: "csv" | "pdf"): string {
  const name = (slug: string) => `housemate-fines-${slug}-${from}-${to}.${extension}`;
  const ascii = slugOf(
    householdName
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-"),
  );
  const unicode = slugOf(householdName.normalize("NFC").replace(/[^\p{L}\p{N}]+/gu, "-"));
  return `attachment; filename="${name(ascii || "household")}"; filename*=UTF-8''${encodeRfc5987(name(unicode || "household"))}`;
}

/** Lower case, without hyphens at either end. */
function slugOf(text: string): string {
  // Each run of other characters is already one hyphen, so at most one sits at either end.
  return text.toLowerCase().replace(/^-|-$/g, "");
}

/** encodeURIComponent leaves a few characters RFC 5987's attr-char does not allow. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
