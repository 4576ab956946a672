import { serverMessageSchema, type ServerMessage } from "@housemate/contract";

/** Reads one frame of the live socket; anything unreadable or unknown is only logged (SPEC §7 Live socket). */
export function parseMessage(raw: unknown): ServerMessage | null {
  let payload: unknown;
  try {
    payload = JSON.parse(String(raw));
  } catch {
    console.warn("Live socket: could not parse a message", raw);
    return null;
  }
  const parsed = serverMessageSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const type = typeof payload === "object" && payload !== null && "type" in payload ? payload.type : undefined;
  console.warn(`Live socket: ignored a message of type ${String(type)}`, parsed.error.issues);
  return null;
}
