import { useCallback, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ActivitySubject } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { isRecord } from "@/lib/is-record";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { ActivityLog } from "@/features/activity/components/activity-log";
import {
  type ActivitySearch,
  readActivitySearch,
  writeActivitySearch,
} from "@/features/activity/utils/activity-search";
import { useHousehold } from "@/features/households/api/get-household";
import { useMemberChoices } from "@/features/households/hooks/use-member-choices";
import { useNotes } from "@/features/notes/api/get-notes";
import { ProCheckLoading, ProUpsell } from "@/features/plans/components/pro-upsell";
import { useRules } from "@/features/rules/api/get-rules";
import { ActivityFineDetails } from "../activity-fine-details";
import { usePageTitle } from "../page-title";

/**
 * /dashboard/activity (issue 20): the household's log, newest first, its filters in the URL. The rules and notes are
 * asked for to know which entries' objects are gone (a deleted rule or note has nothing to link to); a fine opens its
 * 'Fine Details' here. A Pro feature (issue 21): on Basic the page offers Pro instead, and asks for no log. The guard
 * has already sent anyone without a household away.
 */
export function Component() {
  usePageTitle("Activity");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const isAdmin = useAuthStore((state) => state.currentUser?.is_admin ?? false);
  const access = usePlanAccess(householdId);
  const currency = useHousehold().data?.iso_4217_code;
  const { choices: memberChoices, photoOf } = useMemberChoices();
  const rules = useRules(householdId);
  const notes = useNotes();
  const [params, setParams] = useSearchParams();
  const search = readActivitySearch(params);
  const state: unknown = useLocation().state;
  // Typing a date changes it at each digit: the first change of a run adds a history entry (Back undoes the run as a
  // whole), each next one replaces it, as the fines' filters do (fines.tsx).
  const changeSearch = (next: ActivitySearch) => {
    const datesAlone = next.member === search.member && next.kind === search.kind;
    const editingDates = isRecord(state) && state.editingDates === true;
    setParams(writeActivitySearch(next), {
      replace: datesAlone && editingDates,
      state: datesAlone ? { editingDates: true } : null,
    });
  };
  const [openFine, setOpenFine] = useState<string | null>(null);

  // Until a list is in, its objects count as there: a link that leads to a page saying so beats no link at all.
  const isGone = useCallback(
    ({ type, id }: ActivitySubject) =>
      (type === "rule" && rules.data !== undefined && !rules.data.some((rule) => rule.id === id)) ||
      (type === "note" && notes.data !== undefined && !notes.data.some((note) => note.id === id)),
    [rules.data, notes.data],
  );

  if (!householdId) return null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Activity</h1>
        <p className="text-muted-foreground">Every change in your household, newest first.</p>
      </div>
      {access.isPending ? (
        <ProCheckLoading label="Loading activity" />
      ) : !access.has("activity-log") ? (
        <ProUpsell feature="activity-log" isAdmin={isAdmin} />
      ) : (
        <>
          <ActivityLog
            householdId={householdId}
            currency={currency}
            members={memberChoices}
            photoOf={photoOf}
            isGone={isGone}
            search={search}
            onSearchChange={changeSearch}
            onOpenFine={setOpenFine}
          />
          {openFine && (
            <ActivityFineDetails householdId={householdId} fineId={openFine} onClose={() => setOpenFine(null)} />
          )}
        </>
      )}
    </div>
  );
}
