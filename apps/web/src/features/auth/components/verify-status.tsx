import { CircleAlert, CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

export type VerifyState =
  | { phase: "verifying" }
  | { phase: "success"; needsOnboarding: boolean; showSpinner: boolean }
  | { phase: "error"; message: string };

/** SPEC §2 Magic link verification: verifying, success or failure. */
export function VerifyStatus({ state, onReturnToLogin }: { state: VerifyState; onReturnToLogin: () => void }) {
  if (state.phase === "error") {
    return (
      <>
        <CardHeader className="items-center text-center">
          <CircleAlert aria-hidden="true" className="mb-2 size-12 text-destructive" />
          <CardTitle className="text-2xl">Authentication Failed</CardTitle>
          <CardDescription>{state.message}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button onClick={onReturnToLogin}>Return to Login</Button>
        </CardContent>
      </>
    );
  }

  const spinning = state.phase === "verifying" || state.showSpinner;
  return (
    <CardHeader className="items-center py-10 text-center">
      {spinning ? (
        <Spinner label="Verifying" className="mb-2 size-12 text-primary" />
      ) : (
        <CircleCheck aria-hidden="true" className="mb-2 size-12 text-success" />
      )}
      {state.phase === "verifying" ? (
        <CardTitle className="text-xl">Verifying your credentials...</CardTitle>
      ) : (
        <>
          <CardTitle className="text-xl">Successfully authenticated!</CardTitle>
          <CardDescription>
            {state.needsOnboarding ? "Setting up your account..." : "Redirecting you to the dashboard..."}
          </CardDescription>
        </>
      )}
    </CardHeader>
  );
}
