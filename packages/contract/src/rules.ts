import { z } from "zod";
import { idSchema, positiveMoneySchema, timestampSchema } from "./common.js";
import { multiLineText, singleLineText } from "./text.js";

export const RULE_TITLE_MAX = 100;
export const RULE_DESCRIPTION_MAX = 1000;
/** Rules one household may keep (deleted rules do not count). */
export const RULES_PER_HOUSEHOLD_MAX = 100;
export const RULES_LIMIT_MESSAGE = `A household can have at most ${RULES_PER_HOUSEHOLD_MAX} rules. Delete one to add another.`;

export const ruleSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  title: z.string(),
  description: z.string(),
  /** 0 on a rule stored before issue 18 made a rule's fine more than 0. */
  fine_amount: z.number(),
  created_by: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

const ruleFields = {
  title: singleLineText({
    min: 1,
    tooShort: "Title is required",
    max: RULE_TITLE_MAX,
    tooLong: `Title can be at most ${RULE_TITLE_MAX} characters`,
  }),
  description: multiLineText({
    min: 1,
    tooShort: "Description is required",
    max: RULE_DESCRIPTION_MAX,
    tooLong: `Description can be at most ${RULE_DESCRIPTION_MAX} characters`,
  }),
  /** More than 0, as the fine it fills in must be (issue 18). */
  fine_amount: positiveMoneySchema,
};

export const createRuleBody = z.strictObject({ ...ruleFields, household_id: idSchema });
export type CreateRuleBody = z.input<typeof createRuleBody>;
export const updateRuleBody = z.strictObject(ruleFields).partial();
export type UpdateRuleBody = z.input<typeof updateRuleBody>;
export const ruleListSchema = z.array(ruleSchema);
