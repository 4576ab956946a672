/**
 * What Housemate Pro adds to Basic: SPEC §1's Pro list, word for word. One copy, for the landing page's pricing and the
 * Plan section (shared here, as a feature does not import another: decision 029).
 */
export const PRO_INCLUSIONS = [
  "Up to 10 flatmates",
  "Unlimited custom house rules",
  "Advanced fine analytics",
  "Granular activity logging",
  "Export of fine history as CSV or PDF",
  "Enhanced dispute system",
  "Priority support",
] as const;
