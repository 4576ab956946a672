import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type CreateRuleBody, type Rule, rulesApi } from "@housemate/contract";
import { api, checkedAnswer } from "@/lib/api-client";
import { conflictMessageOr } from "@/lib/conflict-message";
import { getRulesQueryOptions } from "./get-rules";

export async function createRule(body: CreateRuleBody): Promise<Rule> {
  const rule = await api.call(rulesApi.createRule, { body });
  return checkedAnswer(rule, "Failed to create rule - invalid response", "id");
}

/** Creates a rule, refreshes the household's list and says so (SPEC §8 Rules toasts). */
export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRule,
    onSuccess: (rule) => {
      toast.success("Rule created successfully");
      return queryClient.invalidateQueries({ queryKey: getRulesQueryOptions(rule.household_id).queryKey });
    },
    onError: (error) => toast.error("Error", { description: conflictMessageOr(error, "Failed to create rule") }),
  });
}
