import type { QueryClient } from "@tanstack/react-query";
import type { NotificationTypeId } from "@housemate/contract";
import { refreshHouseholdFines } from "@/features/fines/api/fine-caches";
import { refreshFund } from "@/features/fund/api/fund-caches";
import { householdQueryKey } from "@/features/households/api/get-household";
import { notesQueryKey } from "@/features/notes/api/get-notes";
import type { ChangeMessage } from "@/features/notifications/api/live-messages";
import { getRulesQueryOptions } from "@/features/rules/api/get-rules";
import { activityQueryKey, householdPlanQueryKey, insightsQueryKey } from "@/lib/query-keys";

/** What a live message can change, each fetched again as a whole. */
type Shown = "household" | "plan" | "fines" | "fund" | "rules" | "notes" | "activity";

interface Scope {
  householdId: string;
  userId: string;
}

/**
 * How each of those is fetched again. Only what a screen shows is asked for at once (the rest goes stale and is asked
 * for when it shows), and each promise settles once those answers are in.
 */
const REFRESH: Record<Shown, (queryClient: QueryClient, scope: Scope) => Promise<unknown>> = {
  // The household's details, members, roster and invites all sit under its key.
  household: (queryClient, { householdId }) =>
    queryClient.invalidateQueries({ queryKey: householdQueryKey(householdId) }),
  // What the household's plan allows and uses (issue 21).
  plan: (queryClient, { householdId }) =>
    queryClient.invalidateQueries({ queryKey: householdPlanQueryKey(householdId) }),
  // The household's fines, the person's own, an open fine's history, and the balance they move: which is the whole fund
  // (its key holds the stats, transactions and proposals), so "fines" need not be listed with "fund".
  fines: refreshHouseholdFines,
  // The balance, its stats, the transactions and the proposals (lib/query-keys.ts).
  fund: (queryClient, { householdId }) => refreshFund(queryClient, householdId),
  rules: (queryClient, { householdId }) =>
    queryClient.invalidateQueries({ queryKey: getRulesQueryOptions(householdId).queryKey }),
  notes: (queryClient, { householdId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(householdId) }),
  // Every filtered list of the log, each page already shown (issue 20: every change writes an entry), and Insights,
  // whose figures are the fines' (lib/query-keys.ts); and the plan, whose usage a join, a leave or a rule moves, and
  // which the provider's webhook changes (household.plan_changed) while nobody here did anything (issue 21).
  activity: (queryClient, { householdId }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: activityQueryKey(householdId) }),
      queryClient.invalidateQueries({ queryKey: insightsQueryKey(householdId) }),
      queryClient.invalidateQueries({ queryKey: householdPlanQueryKey(householdId) }),
    ]),
};

/**
 * What each notification is news of (SPEC §9's types). Its toast shows once these are fetched again (up to a cap,
 * features/notifications/api/live-messages.ts), so 'New housemate' never shows beside a Housemates card without them.
 * A Record, so a new type does not build until it says what it changes.
 */
const NOTIFICATION_CHANGES: Record<NotificationTypeId, readonly Shown[]> = {
  fine_received: ["fines"],
  fine_paid: ["fines"],
  fine_disputed: ["fines"],
  dispute_resolved: ["fines"],
  fine_updated: ["fines"],
  appeal_opened: ["fines"],
  appeal_decided: ["fines"],
  // A reminder changes nothing: the fine is as it was.
  fine_reminder: [],
  fine_unpaid: [],
  household_joined: ["household"],
  // Who left had their open fines written off and their proposals settled; their notes name a former member.
  member_left: ["household", "fines", "notes"],
  member_removed: ["household", "fines", "notes"],
  // Its name or currency, which every amount is shown in.
  household_updated: ["household"],
  admin_changed: ["household"],
  // The provider moved the plan: its limits and features, and the settings page's subscription.
  plan_changed: ["plan", "household"],
  rule_created: ["rules"],
  rule_updated: ["rules"],
  rule_deleted: ["rules"],
  spending_proposed: ["fund"],
  spending_decided: ["fund"],
  // Email only: never an in-app notification.
  weekly_digest: [],
};

/** What the household's own frames change (decision 032, issue 17), whoever's preferences. */
const FRAME_CHANGES: Record<Exclude<ChangeMessage["type"], "notification">, readonly Shown[]> = {
  // Its name, currency, members, roles or join settings: and a member who left takes their open fines with them.
  household_changed: ["household", "fines", "notes"],
  fund_changed: ["fund"],
  // Any change in the household (issue 20), sent whatever else is: the one message the log and Insights follow,
  // refreshed once per burst (refreshLiveChange).
  activity_changed: ["activity"],
};

/**
 * How long an `activity_changed` frame waits for the rest of its burst: a change that touches several things (a member
 * leaving writes off their fines, settles their proposals) may send several, and the log and Insights are each fetched
 * once for all of them rather than once per frame, each cancelling the last.
 */
export const ACTIVITY_BURST_MS = 100;

/** Per household, the refresh the frames of the current burst wait for. */
const activityBursts = new Map<string, Promise<unknown>>();

function refreshAfterBurst(queryClient: QueryClient, scope: Scope): Promise<unknown> {
  const waiting = activityBursts.get(scope.householdId);
  if (waiting) return waiting;
  const refreshed = new Promise((resolve) => setTimeout(resolve, ACTIVITY_BURST_MS)).then(() => {
    // A frame from here on may tell of a change this fetch misses: it starts a burst of its own.
    activityBursts.delete(scope.householdId);
    return REFRESH.activity(queryClient, scope);
  });
  activityBursts.set(scope.householdId, refreshed);
  return refreshed;
}

/** What `message` changed, for the household the person is in. */
export function changedBy(message: ChangeMessage): readonly Shown[] {
  return message.type === "notification" ? NOTIFICATION_CHANGES[message.data.type_id] : FRAME_CHANGES[message.type];
}

/**
 * Fetches again everything `message` changed that a screen shows; settles once all of that has its answer. The
 * person's household is the one a notification is about: a person is in one household at a time.
 */
export function refreshLiveChange(queryClient: QueryClient, message: ChangeMessage, scope: Scope): Promise<unknown> {
  const householdId = message.type === "notification" ? scope.householdId : message.data.household_id;
  if (message.type === "activity_changed") return refreshAfterBurst(queryClient, { ...scope, householdId });
  return Promise.all(changedBy(message).map((shown) => REFRESH[shown](queryClient, { ...scope, householdId })));
}
