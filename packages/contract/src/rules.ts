import { z } from "zod";
import { idSchema, moneySchema, MONEY_MAX, timestampSchema } from "./common.js";

export const ruleSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  title: z.string(),
  description: z.string(),
  fine_amount: z.number(),
  created_by: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

const ruleFields = {
  title: z.string().trim().min(1, "Title is required").max(100),
  description: z.string().trim().min(1, "Description is required").max(1000),
  fine_amount: moneySchema.min(0, "Amount cannot be negative").max(MONEY_MAX),
};

export const createRuleBody = z.strictObject({ ...ruleFields, household_id: idSchema });
export type CreateRuleBody = z.input<typeof createRuleBody>;
export const updateRuleBody = z.strictObject(ruleFields).partial();
export type UpdateRuleBody = z.input<typeof updateRuleBody>;
export const ruleListSchema = z.array(ruleSchema);
