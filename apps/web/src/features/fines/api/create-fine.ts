import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type CreateFineBody, type Fine, finesApi } from "@housemate/contract";
import { api, checkedAnswer } from "@/lib/api-client";
import { fineScopeKey } from "./get-fines";

export async function createFine(body: CreateFineBody): Promise<Fine> {
  const fine = await api.call(finesApi.createFine, { body });
  return checkedAnswer(fine, "Failed to create fine - invalid response", "id");
}

/** Issues a fine; the form shows the outcome (SPEC §5 alerts, 'Fine issued'), SPEC §8's toast says it failed. */
export function useCreateFine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFine,
    onSuccess: (fine) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fineScopeKey({ household: fine.household_id }) }),
        fine.offender_id
          ? queryClient.invalidateQueries({ queryKey: fineScopeKey({ offender: fine.offender_id }) })
          : undefined,
      ]),
    onError: () => toast.error("Error", { description: "Failed to issue fine" }),
  });
}
