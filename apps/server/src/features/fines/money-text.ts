import { formatMoney } from "@housemate/contract";
import { fromMinor } from "../../lib/money.js";

/** An amount as notification texts write it: stored minor units in the contract's one money format. */
export function formatAmount(minor: number, currency: string): string {
  return formatMoney(fromMinor(minor), currency);
}
