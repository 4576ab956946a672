import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

export interface SetupStepMessages {
  /** SPEC §8's 'Success!' description. */
  success: string;
  /** SPEC §8's failure text for this step. */
  failure: string;
}

/**
 * How the create and join steps end (SPEC §4 Onboarding): on success, SPEC's toast and the dashboard
 * in place of onboarding; on failure, SPEC's toast, except that a 409 keeps the server's own words (the
 * person already belongs to a household), which 'please try again' would hide.
 */
export function useFinishSetupStep() {
  const navigate = useNavigate();
  return async function finish(step: Promise<unknown>, { success, failure }: SetupStepMessages) {
    try {
      await step;
    } catch (error) {
      toast.error("Error", { description: error instanceof ApiError && error.status === 409 ? error.message : failure });
      return;
    }
    toast.success("Success!", { description: success });
    navigate("/dashboard", { replace: true });
  };
}
