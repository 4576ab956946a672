import type { NoteColor } from "@housemate/contract";

/**
 * How each colour looks: a paper tone for the note, in light and dark themes (in the dark a tint of
 * the colour over the card, so light text stays readable), and a solid swatch for the picker.
 */
export const NOTE_STYLES: Record<NoteColor, { paper: string; swatch: string }> = {
  yellow: {
    paper:
      "bg-yellow-100 border-yellow-300/70 text-yellow-950 dark:bg-yellow-400/20 dark:border-yellow-400/30 dark:text-yellow-50",
    swatch: "bg-yellow-300 dark:bg-yellow-500",
  },
  blue: {
    paper: "bg-sky-100 border-sky-300/70 text-sky-950 dark:bg-sky-400/20 dark:border-sky-400/30 dark:text-sky-50",
    swatch: "bg-sky-300 dark:bg-sky-500",
  },
  green: {
    paper: "bg-lime-100 border-lime-300/70 text-lime-950 dark:bg-lime-400/20 dark:border-lime-400/30 dark:text-lime-50",
    swatch: "bg-lime-300 dark:bg-lime-500",
  },
  pink: {
    paper: "bg-pink-100 border-pink-300/70 text-pink-950 dark:bg-pink-400/20 dark:border-pink-400/30 dark:text-pink-50",
    swatch: "bg-pink-300 dark:bg-pink-500",
  },
  purple: {
    paper:
      "bg-violet-100 border-violet-300/70 text-violet-950 dark:bg-violet-400/20 dark:border-violet-400/30 dark:text-violet-50",
    swatch: "bg-violet-300 dark:bg-violet-500",
  },
};
