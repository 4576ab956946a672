import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Rule, type UpdateRuleBody, rulesApi } from "@housemate/contract";
import { api, checkedAnswer } from "@/lib/api-client";
import { getRulesQueryOptions } from "./get-rules";

export async function updateRule(ruleId: string, changes: UpdateRuleBody): Promise<Rule> {
  const rule = await api.call(rulesApi.updateRule, { params: { id: ruleId }, body: changes });
  return checkedAnswer(rule, "Failed to update rule - no response");
}

/** Saves a rule's changes, refreshes the household's list and says so (SPEC §8 Rules toasts). */
export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, changes }: { ruleId: string; changes: UpdateRuleBody }) => updateRule(ruleId, changes),
    onSuccess: (rule) => {
      toast.success("Rule updated successfully");
      return queryClient.invalidateQueries({ queryKey: getRulesQueryOptions(rule.household_id).queryKey });
    },
    onError: () => toast.error("Error", { description: "Failed to update rule" }),
  });
}
