/**
 * The household's currency and SPEC §9's money format.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../currency.ts.
 */
/** SPEC §5 / §9: the twelve currencies a household may keep its fines in. */
export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "JPY", "CNY", "INR", "SGD", "HKD", "CHF"] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Default shown in the onboarding form. */
export const DEFAULT_FORM_CURRENCY: Currency = "GBP";
/** Default when the create call carries no currency (SPEC §7). */
export const DEFAULT_API_CURRENCY: Currency = "USD";
/** SPEC §9 locale map; anything else formats with en-US. */
export const CURRENCY_LOCALES: Partial<Record<Currency, string>> = {
  USD: "en-US",
  GBP: "en-GB",
  EUR: "en-IE",
  AUD: "en-AU",
  CAD: "en-CA",
  JPY: "ja-JP",
  CNY: "zh-CN",
  INR: "en-IN",
};
/** Building an Intl.NumberFormat costs far more than formatting with it: one per locale and currency, made once. */
const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const decimals = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, ...decimals });
  } catch {
    // A code Intl does not know (never one of SPEC's twelve) still shows the amount.
    return new Intl.NumberFormat(locale, decimals);
  }
}
/**
 * SPEC §9: an amount in a household's currency, written the way that currency's country writes it (the locale
 * map; anything else en-US), always with 2 decimals. The one money format: screens and notification texts use it.
 */
export function formatMoney(amount: number, currency: string): string {
  const locale = CURRENCY_LOCALES[currency as Currency] ?? "en-US";
  const key = `${locale}|${currency}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = moneyFormatter(locale, currency);
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(Number.isFinite(amount) ? amount : 0);
}

/**
 * An amount field's text as SPEC §9 writes amounts, with 2 decimals ('2' becomes '2.00'): when a form opens and when
 * the field is left (issue 18). Text that is not such an amount (blank, not a number, more decimals than a currency
 * has) is left as typed, so the form's check says what is wrong with it instead of a silent rounding.
 */
export function amountFieldText(amount: string | number): string {
  const text = String(amount).trim();
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || Math.abs(Math.round(value * 100) - value * 100) >= 1e-6) {
    return String(amount);
  }
  return value.toFixed(2);
}
