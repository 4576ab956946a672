import { useEffect, useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { CompactHouseBalance, HouseBalanceCard } from "@/features/balance/components/house-balance";
import { useHousehold } from "@/features/households/api/get-household";
import { InviteDialog } from "@/features/households/components/invite-dialog";
import { useCopyHouseholdId } from "@/features/households/hooks/use-copy-household-id";
import { useHouseholdSession } from "@/features/households/hooks/use-household-session";
import { openInviteDialog } from "@/features/households/stores/invite-dialog-store";
import { NotificationsBell } from "@/features/notifications/components/notifications-bell";
import { useLiveNotifications } from "@/features/notifications/hooks/use-live-notifications";
import { AppShell } from "@/features/shell/components/app-shell";
import { ACTIVITY_PATH, FUND_PATH, INSIGHTS_PATH } from "@/features/shell/components/nav-items";
import { prepareFormats } from "@/lib/format";
import { nextTask } from "@/lib/next-task";
import { registerServiceWorker } from "@/lib/offline/service-worker";
import { householdFullReason } from "@/lib/plans/plan-usage";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { forgetHousehold } from "../household-caches";
import { refreshLiveChange } from "../live-refresh";

/**
 * The signed-in shell around every /dashboard page (SPEC §2). The features meet here, not in each
 * other: the shell lays out the slots, and this route says what fills them.
 */
export function Component() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.currentUser?.id);
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const currency = useHousehold().data?.iso_4217_code;
  const copyHouseholdId = useCopyHouseholdId();
  const access = usePlanAccess(householdId);
  // Issue 21: on Basic, the Pro pages are marked so before they are opened.
  const hasActivity = access.has("activity-log");
  const hasInsights = access.has("analytics");
  const proPaths = useMemo(
    () =>
      new Set([
        ...(hasActivity ? [] : [ACTIVITY_PATH]),
        ...(hasInsights ? [] : [INSIGHTS_PATH]),
      ]) as ReadonlySet<string>,
    [hasActivity, hasInsights],
  );
  const fullReason = householdFullReason(access.plan);
  useHouseholdSession();
  // The app kept on the device for offline use (decision 053): from the signed-in shell, the part that works offline.
  useEffect(registerServiceWorker, []);
  // This device's pushes, registered again for this session (issue 23), once the page has loaded: nothing of push is on
  // the first screen's path.
  useEffect(() => {
    if (!userId) return;
    const resume = () => void import("@/lib/push/device").then(({ resumeOnStart }) => resumeOnStart());
    if (document.readyState === "complete") resume();
    else window.addEventListener("load", resume, { once: true });
    return () => window.removeEventListener("load", resume);
  }, [userId]);
  // While the first answers are on their way: Intl's data loads now, in a task of its own (the money format's once
  // the household's currency is known, usually before its balance).
  useEffect(() => void nextTask().then(() => prepareFormats(currency)), [currency]);
  useLiveNotifications({
    refresh: (message) =>
      householdId && userId ? refreshLiveChange(queryClient, message, { householdId, userId }) : undefined,
    onHouseholdAccessEnded: ({ household_id: endedId }) => {
      const { currentUser, updateUser } = useAuthStore.getState();
      if (!currentUser) return;
      // With no household, the guard sends the person to onboarding (where the toast says why); their session stays.
      // A message about a household they are no longer in (they joined another meanwhile) leaves them where they are.
      if (currentUser.household_id === endedId) updateUser({ household_id: null, is_admin: false });
      // Forgotten once the household's screens are gone: one still mounted would ask for it again, to be refused.
      void nextTask().then(() => forgetHousehold(queryClient, { householdId: endedId, userId: currentUser.id }));
    },
  });

  return (
    <AppShell
      onInvite={openInviteDialog}
      // The phone's Invite copies the household ID: pointless while every seat is taken, so it says why instead.
      onCopyHouseholdId={() =>
        fullReason ? toast.error("Error", { description: fullReason }) : void copyHouseholdId()
      }
      proPaths={proPaths}
      dialogs={<InviteDialog />}
      notificationsBell={<NotificationsBell />}
      // The House Balance card for the sidebar, and its compact form for the phone bar.
      houseBalance={
        householdId ? <HouseBalanceCard householdId={householdId} currency={currency} fundHref={FUND_PATH} /> : null
      }
      compactHouseBalance={
        householdId ? <CompactHouseBalance householdId={householdId} currency={currency} fundHref={FUND_PATH} /> : null
      }
    />
  );
}
