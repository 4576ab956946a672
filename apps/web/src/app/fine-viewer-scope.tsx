import { useDeferredValue, useMemo, type ReactNode } from "react";
import { useAuthStore } from "@/lib/auth/auth-store";
import { FineViewerProvider, type FineViewer } from "@/features/fines/components/fine-viewer";
import { useHousehold } from "@/features/households/api/get-household";
import { useMemberChoices } from "@/features/households/hooks/use-member-choices";
import { useMemberName } from "@/features/households/hooks/use-member-name";
import { useRules } from "@/features/rules/api/get-rules";
import { DISPLAY_CURRENCY } from "@/lib/format";

/**
 * What the fines screens need to know about the session and the household, gathered here so the
 * fines feature imports neither auth, households nor rules. Null while the user has no household.
 */
export function useFineViewerValue(): FineViewer | null {
  const user = useAuthStore((state) => state.currentUser);
  const household = useHousehold();
  const memberName = useMemberName();
  const { query: members, photoOf } = useMemberChoices();
  const rules = useRules(user?.household_id);

  return useMemo(() => {
    if (!user?.household_id) return null;
    const titles = new Map((rules.data ?? []).map((rule) => [rule.id, rule.title]));
    return {
      householdId: user.household_id,
      userId: user.id,
      currency: household.data?.iso_4217_code ?? DISPLAY_CURRENCY,
      memberName: (id) => (id === user.id ? "you" : memberName(id)),
      ruleTitle: (id) => (id === null ? undefined : titles.get(id)),
      person: (id) => ({ name: memberName(id), photoUrl: photoOf(id) }),
      // A failed answer is known too: the rows then say 'a housemate' rather than wait for ever.
      peopleKnown: !members.isPending,
      memberCount: members.data?.length,
    } satisfies FineViewer;
  }, [user, household.data, memberName, photoOf, members.isPending, members.data, rules.data]);
}

/** Provides the FineViewer to the fines components below; renders nothing without a household. */
export function FineViewerScope({ children }: { children: ReactNode }) {
  // Every fine row reads it, so a new one (the household's currency, the members or the rules arriving) renders every
  // row again: in the background, in React's slices, as the lists' own answers are (lib/deferred-query.ts).
  const viewer = useDeferredValue(useFineViewerValue());
  return viewer ? <FineViewerProvider value={viewer}>{children}</FineViewerProvider> : null;
}
