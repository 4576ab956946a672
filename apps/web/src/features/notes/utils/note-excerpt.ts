/** A note's first words, for labels and announcements that must say which note is meant. */
export function noteExcerpt(content: string, length = 40): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
