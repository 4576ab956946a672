import { lazy, useMemo, type ReactNode } from "react";
import { useAuthStore } from "@/lib/auth/auth-store";
import { ProposalsViewerProvider, type ProposalsViewer } from "@/features/fund/components/proposals/proposals-viewer";
import { useHousehold } from "@/features/households/api/get-household";
import { useMemberName } from "@/features/households/hooks/use-member-name";
import { DISPLAY_CURRENCY } from "@/lib/format";

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
  const memberName = useMemberName();

  const viewer = useMemo(() => {
    if (!userId) return null;
    return {
      userId,
      currency: household.data?.iso_4217_code ?? DISPLAY_CURRENCY,
      memberName,
      ReceiptPicker,
    } satisfies ProposalsViewer;
  }, [userId, household.data, memberName]);

  return viewer ? <ProposalsViewerProvider value={viewer}>{children}</ProposalsViewerProvider> : null;
}
