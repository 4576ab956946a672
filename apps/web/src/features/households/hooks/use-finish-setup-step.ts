import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

export interface SetupStepMessages {
  /** SPEC §8's 'Success!' description. */
  success: string;
  /** SPEC §8's failure text for this step. */
  failure: string;
  /** Refusals whose own words the person is shown instead of `failure` (default: 403 and 409). */
  serverWordsFor?: readonly number[];
}

/** The toast's words for a failed onboarding step: the server's own for `serverWordsFor`, else `failure`. */
export function setupStepFailureText(error: unknown, failure: string, serverWordsFor: readonly number[]): string {
  return error instanceof ApiError && serverWordsFor.includes(error.status) ? error.message : failure;
}

/**
 * How the create and join steps end (SPEC §4 Onboarding): on success, SPEC's toast and the dashboard
 * in place of onboarding; on failure, SPEC's toast, except that a 409 (the person already belongs to a household)
 * and a 403 (an admin removed them from it, or joining by ID is off; decision 032) keep the server's own words,
 * which 'please check the ID and try again' would hide: trying again cannot help.
 */
export function useFinishSetupStep() {
  const navigate = useNavigate();
  return async function finish(
    step: Promise<unknown>,
    { success, failure, serverWordsFor = [403, 409] }: SetupStepMessages,
  ) {
    try {
      await step;
    } catch (error) {
      toast.error("Error", { description: setupStepFailureText(error, failure, serverWordsFor) });
      return;
    }
    toast.success("Success!", { description: success });
    // The router's navigate answers a promise that settles when the screen has changed; nothing here waits for it.
    void navigate("/dashboard", { replace: true });
  };
}
