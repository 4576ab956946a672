import { lazy, useMemo, type ReactNode } from "react";
import { FORMER_MEMBER_NAME } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { ProposalsViewerProvider, type ProposalsViewer } from "@/features/fund/components/proposals/proposals-viewer";
import { useHousehold } from "@/features/households/api/get-household";
import { useHouseholdMembers } from "@/features/households/api/get-household-members";
import { DISPLAY_CURRENCY } from "@/lib/format";
import { personName } from "@/lib/person-name";

// Uploading checks the file with the contract's schema: it loads with the propose dialog, not with the Fund page.
const ReceiptPicker = lazy(() =>
  import("./fund-receipt-picker").then((module) => ({ default: module.FundReceiptPicker })),
);

/**
 * What the spending proposals need to know about the session and the household, gathered here so the fund feature
 * imports neither auth's session, households nor storage (as FineViewerScope does for fines). Renders nothing
 * without a signed-in member.
 */
export function FundProposalsScope({ children }: { children: ReactNode }) {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const household = useHousehold();
  const members = useHouseholdMembers();

  const viewer = useMemo(() => {
    if (!userId) return null;
    const names = new Map((members.data ?? []).map((member) => [member.id, personName(member)]));
    return {
      userId,
      currency: household.data?.iso_4217_code ?? DISPLAY_CURRENCY,
      // A null id is an account that is gone; until the members arrive nobody else is called a former member.
      memberName: (id) =>
        id === null ? FORMER_MEMBER_NAME : (names.get(id) ?? (members.isSuccess ? FORMER_MEMBER_NAME : "a housemate")),
      ReceiptPicker,
    } satisfies ProposalsViewer;
  }, [userId, household.data, members.data, members.isSuccess]);

  return viewer ? <ProposalsViewerProvider value={viewer}>{children}</ProposalsViewerProvider> : null;
}
