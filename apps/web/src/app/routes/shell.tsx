import { AppShell } from "@/features/shell/components/app-shell";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { CompactHouseBalance, HouseBalanceCard } from "@/features/balance/components/house-balance";
import { useHousehold } from "@/features/households/api/get-household";
import { InviteDialog } from "@/features/households/components/invite-dialog";
import { useCopyHouseholdId } from "@/features/households/hooks/use-copy-household-id";
import { useHouseholdSession } from "@/features/households/hooks/use-household-session";
import { openInviteDialog } from "@/features/households/stores/invite-dialog-store";
import { NotificationsBell } from "@/features/notifications/components/notifications-bell";
import { useLiveNotifications } from "@/features/notifications/hooks/use-live-notifications";

/**
 * The signed-in shell around every /dashboard page (SPEC §2). The features meet here, not in each
 * other: the shell lays out the slots, and this route says what fills them.
 */
export function Component() {
  useHouseholdSession();
  useLiveNotifications();
  const copyHouseholdId = useCopyHouseholdId();
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const currency = useHousehold().data?.iso_4217_code;

  return (
    <AppShell
      onInvite={openInviteDialog}
      onCopyHouseholdId={() => void copyHouseholdId()}
      dialogs={<InviteDialog />}
      notificationsBell={<NotificationsBell />}
      // Fines and balance (issue 5): the House Balance card, and its compact form for the phone bar.
      houseBalance={householdId ? <HouseBalanceCard householdId={householdId} currency={currency} /> : null}
      compactHouseBalance={householdId ? <CompactHouseBalance householdId={householdId} currency={currency} /> : null}
    />
  );
}
