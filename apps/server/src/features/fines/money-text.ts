import { CURRENCY_LOCALES, currencySchema } from "@housemate/contract";
import { fromMinor } from "../../lib/money.js";

/** An amount as a person reads it in notifications: the household's currency, SPEC §9's locale map, 2 decimals. */
export function formatAmount(minor: number, currency: string): string {
  const parsed = currencySchema.safeParse(currency);
  const code = parsed.success ? parsed.data : "USD";
  return new Intl.NumberFormat(CURRENCY_LOCALES[code] ?? "en-US", {
    style: "currency",
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fromMinor(minor));
}
