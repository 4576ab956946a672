import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

export interface SetupStepMessages {
  /** SPEC §8's 'Success!' description. */
  success: string;
  /** SPEC §8's failure text for this step. */
  failure: string;
  /** Refusals whose own words the person is shown instead of `failure` (default: 409 only). */
  serverWordsFor?: readonly number[];
}

/**
 * How the create and join steps end (SPEC §4 Onboarding): on success, SPEC's toast and the dashboard
 * in place of onboarding; on failure, SPEC's toast, except that a 409 keeps the server's own words (the
 * person already belongs to a household), which 'please try again' would hide.
 */
export function useFinishSetupStep() {
  const navigate = useNavigate();
  return async function finish(
    step: Promise<unknown>,
    { success, failure, serverWordsFor = [409] }: SetupStepMessages,
  ) {
    try {
      await step;
    } catch (error) {
      const ownWords = error instanceof ApiError && serverWordsFor.includes(error.status);
      toast.error("Error", { description: ownWords ? error.message : failure });
      return;
    }
    toast.success("Success!", { description: success });
    // The router's navigate answers a promise that settles when the screen has changed; nothing here waits for it.
    void navigate("/dashboard", { replace: true });
  };
}
