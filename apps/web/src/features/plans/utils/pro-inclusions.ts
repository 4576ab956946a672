import type { ProFeature } from "@housemate/contract";

/**
 * What Housemate Pro adds to Basic: SPEC §1's Pro list, word for word as the landing page's pricing shows it.
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

/** What each paid feature gives, for the short panel a Basic household sees in its place. */
export const PRO_FEATURE_PITCH: Record<ProFeature, string> = {
  analytics:
    "Charts of the last 12 months of fines: who owes and who pays, the rules broken most, how quickly fines are paid.",
  "activity-log": "Every change in your household, who made it and when, with filters by member, kind and date.",
  exports: "The household's fine history as a CSV or PDF file.",
  appeals: "Declined disputes settled by the rest of the house, not by the person who issued the fine.",
};
