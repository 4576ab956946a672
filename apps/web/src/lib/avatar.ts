/**
 * SPEC §3 Avatar: twelve background colours, one per person, picked from the display name so the
 * same housemate always wears the same colour. Written out in full so Tailwind keeps every class. Each shade is
 * the lightest of its hue under which white initials reach 4.5:1 (WCAG AA; the 500s and 600s gave 2.2–3.8:1).
 */
export const AVATAR_COLORS = [
  "bg-red-600 text-white",
  "bg-orange-700 text-white",
  "bg-amber-700 text-white",
  "bg-lime-700 text-white",
  "bg-green-700 text-white",
  "bg-emerald-700 text-white",
  "bg-teal-700 text-white",
  "bg-cyan-700 text-white",
  "bg-sky-700 text-white",
  "bg-indigo-500 text-white",
  "bg-violet-600 text-white",
  "bg-pink-600 text-white",
] as const;

/** The colour for someone with no display name yet. */
export const AVATAR_FALLBACK_COLOR = "bg-gray-500 text-white";

/** The sum of the name's character codes modulo 12 picks the colour; an empty name is grey. */
export function avatarColor(displayName: string | null | undefined): string {
  if (!displayName) return AVATAR_FALLBACK_COLOR;
  let sum = 0;
  for (let index = 0; index < displayName.length; index += 1) sum += displayName.charCodeAt(index);
  return AVATAR_COLORS[sum % AVATAR_COLORS.length] ?? AVATAR_FALLBACK_COLOR;
}

/** First letters of the first and last words, uppercased ('Ana María López' → 'AL'), or '?' when there are none. */
export function avatarInitials(displayName: string | null | undefined): string {
  const words = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (initialOf(first) + (last ? initialOf(last) : "")).toUpperCase();
}

// Array.from keeps an emoji or other astral character whole instead of splitting its surrogate pair.
const initialOf = (word: string) => Array.from(word)[0] ?? "";
