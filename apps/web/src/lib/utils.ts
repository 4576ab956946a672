import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its map of Tailwind's classes on its first call: about 9 ms on a phone's CPU (35 ms at 4×),
 * which would land in the first render of the signed-in app, its longest task. The layouts' loader calls this ahead,
 * in a task of its own (app/providers.tsx; docs/performance.md).
 */
export function prepareClassNames(): void {
  twMerge("");
}
