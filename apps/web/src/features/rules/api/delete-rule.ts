import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Rule, rulesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getRulesQueryOptions } from "./get-rules";

export function deleteRule(ruleId: string): Promise<unknown> {
  return api.call(rulesApi.deleteRule, { params: { id: ruleId } });
}

/** Deletes a rule, takes it off the household's list and says so (SPEC §8 Rules toasts). */
export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: Pick<Rule, "id" | "household_id">) => deleteRule(rule.id),
    onSuccess: (_answer, rule) => {
      toast.success("Rule deleted successfully");
      const { queryKey } = getRulesQueryOptions(rule.household_id);
      queryClient.setQueryData(queryKey, (rules) => rules?.filter((each) => each.id !== rule.id));
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: () => toast.error("Error", { description: "Failed to delete rule" }),
  });
}
