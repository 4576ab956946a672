/** A plain object whose fields can be read by name: the first check on anything parsed from JSON or storage. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
