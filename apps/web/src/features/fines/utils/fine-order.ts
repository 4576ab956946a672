import type { Fine } from "@housemate/contract";

const time = (fine: Fine) => {
  const value = Date.parse(fine.created_at);
  return Number.isNaN(value) ? 0 : value;
};

/** Newest first (SPEC §2), whatever order the list came in. */
export function newestFirst(fines: readonly Fine[]): Fine[] {
  return [...fines].sort((a, b) => time(b) - time(a));
}
