import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type ReverseTransactionBody, type Transaction, fundApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { refreshFund } from "./fund-caches";

export const REVERSE_FAILED = "Failed to reverse the transaction. Please try again.";

export function reverseTransaction(transaction: Transaction, body: ReverseTransactionBody): Promise<Transaction> {
  return api.call(fundApi.reverseTransaction, {
    params: { id: transaction.household_id, transactionId: transaction.id },
    body,
  });
}

/**
 * An admin reverses an income or spending entry with a reason (decision 034): the correction is a new entry, so the
 * balance, its stats and the history are all fetched again.
 */
export function useReverseTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transaction, body }: { transaction: Transaction; body: ReverseTransactionBody }) =>
      reverseTransaction(transaction, body),
    onSuccess: async (correction) => {
      toast.success("Transaction reversed", { description: "The correction is in the fund's history." });
      await refreshFund(queryClient, correction.household_id);
    },
    onError: (error) =>
      toast.error("Failed to reverse transaction", { description: errorMessage(error, REVERSE_FAILED) }),
  });
}
