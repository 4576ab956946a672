import { CURRENCY_LOCALES, currencySchema, type Currency } from "@housemate/contract";
import { fromMinor } from "../../lib/money.js";

/** An amount as a person reads it in notifications: the household's currency, SPEC §9's locale map, 2 decimals. */
export function formatAmount(minor: number, currency: string): string {
  const parsed = currencySchema.safeParse(currency);
  const code = parsed.success ? parsed.data : "USD";
  return formatterFor(code).format(fromMinor(minor));
}

/** Building an Intl.NumberFormat costs more than formatting with it: one per currency, made once. */
const formatters = new Map<Currency, Intl.NumberFormat>();
function formatterFor(code: Currency): Intl.NumberFormat {
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat(CURRENCY_LOCALES[code] ?? "en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(code, formatter);
  }
  return formatter;
}
