import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { FORMER_MEMBER_NAME } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { FundProposalsScope } from "../fund-proposals-scope";
import { FundStats } from "@/features/balance/components/fund-stats";
import { FundProposals } from "@/features/fund/components/proposals/fund-proposals";
import { FundTransactions } from "@/features/fund/components/fund-transactions";
import { readTransactionSearch, writeTransactionSearch } from "@/features/fund/utils/transaction-search";
import { useHousehold } from "@/features/households/api/get-household";
import { useMemberChoices } from "@/features/households/hooks/use-member-choices";
import { useMemberName } from "@/features/households/hooks/use-member-name";
import { useRules } from "@/features/rules/api/get-rules";
import { usePageTitle } from "../page-title";

/**
 * /dashboard/fund (issue 17): the fine fund's figures and chart (the balance feature's), its spending proposals, and
 * its history, whose filters, sort and page live in the URL. The guard has already sent anyone without a household away.
 */
export function Component() {
  usePageTitle("Fund");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const isAdmin = useAuthStore((state) => Boolean(state.currentUser?.is_admin));
  const currency = useHousehold().data?.iso_4217_code;
  const members = useMemberChoices().choices;
  const rules = useRules(householdId);
  const [params, setParams] = useSearchParams();
  const search = readTransactionSearch(params);

  const memberChoices = useMemo(() => {
    if (!members) return [];
    // A link may filter by someone who has since left: the server still filters by them, so the select says so too
    // rather than showing 'All members'. Only once the members are in: until then everyone would read as former.
    const applied = search.member;
    if (!applied || members.some((member) => member.id === applied)) return members;
    return [...members, { id: applied, name: FORMER_MEMBER_NAME }];
  }, [members, search.member]);
  const ruleChoices = useMemo(
    () => (rules.data ?? []).map((rule) => ({ id: rule.id, name: rule.title })),
    [rules.data],
  );
  const memberName = useMemberName();

  if (!householdId) return null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Fund</h1>
        <p className="text-muted-foreground">The household's fine fund: what came in, what was spent, and on what.</p>
      </div>
      <FundStats householdId={householdId} currency={currency} />
      <FundProposalsScope>
        <FundProposals householdId={householdId} />
      </FundProposalsScope>
      <FundTransactions
        householdId={householdId}
        currency={currency}
        canReverse={isAdmin}
        members={memberChoices}
        rules={ruleChoices}
        memberName={memberName}
        search={search}
        onSearchChange={(next) => setParams(writeTransactionSearch(next))}
      />
    </div>
  );
}
