import { z } from "zod";

/** SPEC §5 / §9: the twelve currencies a household may keep its fines in. */
export const CURRENCIES = [
  "USD", "EUR", "GBP", "CAD", "AUD", "NZD", "JPY", "CNY", "INR", "SGD", "HKD", "CHF",
] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** Default shown in the onboarding form. */
export const DEFAULT_FORM_CURRENCY: Currency = "GBP";
/** Default when the create call carries no currency (SPEC §7). */
export const DEFAULT_API_CURRENCY: Currency = "USD";

/** SPEC §9 locale map; anything else formats with en-US. */
export const CURRENCY_LOCALES: Partial<Record<Currency, string>> = {
  USD: "en-US", GBP: "en-GB", EUR: "en-IE", AUD: "en-AU", CAD: "en-CA",
  JPY: "ja-JP", CNY: "zh-CN", INR: "en-IN",
};
