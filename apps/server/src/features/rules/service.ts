import { and, eq, isNull } from "drizzle-orm";
import {
  RULES_LIMIT_MESSAGE,
  RULES_PER_HOUSEHOLD_MAX,
  type CreateRuleBody,
  type EffectivePlan,
  type NotificationTypeId,
  type UpdateRuleBody,
} from "@housemate/contract";
import { effectivePlan } from "../../lib/effective-plan.js";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { rules } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { conflict, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { fromMinor, toMinor } from "../../lib/money.js";
import type { UserRow } from "../../plugins/auth.js";
import { formatAmount } from "../fines/money-text.js";
import { quotedSentenceEnd } from "../notifications/quote.js";
import { recordNotification } from "../notifications/record.js";
import { personOf, recordActivity } from "../activity/record.js";
import type { RuleRow } from "./presenter.js";
import { otherMemberIds } from "./queries.js";
import { changedFields } from "../activity/changed-fields.js";
import type { Config } from "../../config.js";
import { countRules, requireRoomForPlanRule, requireRulesWithinPlan } from "../plans/limits.js";

export const RULE_NOT_FOUND_MESSAGE = "Rule not found";

interface Context {
  author: UserRow;
  household: HouseholdRow;
  now: Date;
  publicUrl: string;
  /** With PLANS=on the household's plan limits its rules (docs/decisions/046). */
  config: Pick<Config, "plans">;
}

/** Tells everyone else in the household that `author` changed the rules (DESIGN §3 notifications). */
async function tellHousemates(
  tx: Transaction,
  context: Context,
  type: NotificationTypeId,
  title: string,
  message: string,
) {
  await recordNotification(
    tx,
    {
      type,
      householdId: context.household.id,
      recipientIds: await otherMemberIds(tx, context.household.id, context.author.id),
      title,
      message,
    },
    context.publicUrl,
  );
}

/** What every entry about a rule shares: the household, who, when, and the rule. */
const activityOf = (context: Context, rule: RuleRow) => ({
  householdId: context.household.id,
  actor: personOf(context.author),
  subject: { type: "rule" as const, id: rule.id },
  at: context.now,
});

/** The fields an edit changed, before and after (an edit that changes nothing has both empty). */
function ruleChanges(before: RuleRow, after: RuleRow) {
  const fieldsOf = (rule: RuleRow) => ({
    title: rule.title,
    description: rule.description,
    fine_amount: fromMinor(rule.fineAmountMinor),
  });
  return changedFields(fieldsOf(before), fieldsOf(after));
}

/**
 * 409 once the household keeps RULES_PER_HOUSEHOLD_MAX rules, the safety cap of every plan (an upgrade would not
 * help, so it is checked first); then 402 beyond its plan's rules. The caller holds the household lock.
 */
async function requireRoomForRule(tx: Executor, householdId: string, plan: EffectivePlan) {
  const kept = await countRules(tx, householdId);
  if (kept >= RULES_PER_HOUSEHOLD_MAX) throw conflict(RULES_LIMIT_MESSAGE);
  requireRoomForPlanRule(plan, kept);
}

export async function createRule(
  db: Database,
  context: Context,
  fields: Omit<CreateRuleBody, "household_id">,
): Promise<RuleRow> {
  return db.transaction(async (tx) => {
    // Locked so that two creates racing at the cap cannot both pass the count.
    const locked = await lockHousehold(tx, context.household.id);
    await requireRoomForRule(tx, context.household.id, locked ? effectivePlan(context.config, locked) : null);
    const [rule] = await tx
      .insert(rules)
      .values({
        householdId: context.household.id,
        title: fields.title,
        description: fields.description,
        fineAmountMinor: toMinor(fields.fine_amount),
        createdBy: context.author.id,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    if (!rule) throw new Error("rule insert returned no row");
    await recordActivity(tx, {
      ...activityOf(context, rule),
      kind: "rule.created",
      details: { title: rule.title, description: rule.description, fine_amount: fromMinor(rule.fineAmountMinor) },
    });
    const amount = formatAmount(rule.fineAmountMinor, context.household.currency);
    await tellHousemates(
      tx,
      context,
      "rule_created",
      "New house rule",
      `${context.author.displayName} added the rule "${rule.title}" with a fine of ${amount}.`,
    );
    return rule;
  });
}

export async function updateRule(
  db: Database,
  context: Context,
  ruleId: string,
  changes: UpdateRuleBody,
): Promise<RuleRow> {
  return db.transaction(async (tx) => {
    // Over the plan's rules after a downgrade, every rule is read-only (deleting stays allowed).
    await requireRulesWithinPlan(tx, effectivePlan(context.config, context.household), context.household.id);
    // The rule as it was, locked, for the log's before and after.
    const [before] = await tx
      .select()
      .from(rules)
      .where(and(eq(rules.id, ruleId), isNull(rules.deletedAt)))
      .for("update");
    const [rule] = await tx
      .update(rules)
      .set({
        ...(changes.title === undefined ? {} : { title: changes.title }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.fine_amount === undefined ? {} : { fineAmountMinor: toMinor(changes.fine_amount) }),
        updatedAt: context.now,
      })
      // A rule deleted meanwhile stays deleted.
      .where(and(eq(rules.id, ruleId), isNull(rules.deletedAt)))
      .returning();
    if (!rule || !before) throw notFound(RULE_NOT_FOUND_MESSAGE);
    // An edit that changes nothing is no change to log.
    const changed = ruleChanges(before, rule);
    if (Object.keys(changed.before).length > 0) {
      await recordActivity(tx, {
        ...activityOf(context, rule),
        kind: "rule.edited",
        details: { title: rule.title, ...changed },
      });
    }
    const amount = formatAmount(rule.fineAmountMinor, context.household.currency);
    await tellHousemates(
      tx,
      context,
      "rule_updated",
      "House rule updated",
      `${context.author.displayName} changed the rule "${rule.title}" (fine ${amount}).`,
    );
    return rule;
  });
}

/** Soft delete: fines issued under the rule keep pointing at it. */
export async function deleteRule(db: Database, context: Context, ruleId: string): Promise<RuleRow> {
  return db.transaction(async (tx) => {
    const [rule] = await tx
      .update(rules)
      .set({ deletedAt: context.now, updatedAt: context.now })
      .where(and(eq(rules.id, ruleId), isNull(rules.deletedAt)))
      .returning();
    if (!rule) throw notFound(RULE_NOT_FOUND_MESSAGE);
    await recordActivity(tx, {
      ...activityOf(context, rule),
      kind: "rule.deleted",
      details: { title: rule.title, fine_amount: fromMinor(rule.fineAmountMinor) },
    });
    await tellHousemates(
      tx,
      context,
      "rule_deleted",
      "House rule deleted",
      `${context.author.displayName} deleted the rule ${quotedSentenceEnd(rule.title)}`,
    );
    return rule;
  });
}
