import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CardScreen } from "@/components/card-screen";
import { VerifyStatus, type VerifyState } from "@/features/auth/components/verify-status";
import { useAuthStore } from "@/lib/auth/auth-store";
import { takeReturnTo } from "@/features/auth/utils/return-to";
import { errorMessage } from "@/lib/error-message";
import { usePageTitle } from "../page-title";

/** SPEC §9: the spinner hides after about 0.5 s, and the app moves on after about 1.5 s. */
const SPINNER_HIDE_MS = 500;
const REDIRECT_MS = 1500;

/** SPEC §2 Magic link verification (/auth/verify?token=…). */
export function Component() {
  usePageTitle("Sign In");
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const verify = useAuthStore((state) => state.verify);
  const [state, setState] = useState<VerifyState>(() =>
    token ? { phase: "verifying" } : { phase: "error", message: "No verification token found in URL" },
  );

  useEffect(() => {
    if (!token) return;
    let mounted = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    // The store answers a repeated token with the first call's promise, so StrictMode's second run spends nothing.
    verify(token).then(
      ({ needsOnboarding }) => {
        if (!mounted) return;
        setState({ phase: "success", needsOnboarding, showSpinner: true });
        const returnTo = takeReturnTo();
        timers.push(
          setTimeout(() => setState({ phase: "success", needsOnboarding, showSpinner: false }), SPINNER_HIDE_MS),
          setTimeout(
            () => void navigate(needsOnboarding ? "/onboarding" : (returnTo ?? "/dashboard"), { replace: true }),
            REDIRECT_MS,
          ),
        );
      },
      (error: unknown) => {
        if (!mounted) return;
        setState({ phase: "error", message: errorMessage(error, "An unexpected error occurred") });
      },
    );
    return () => {
      mounted = false;
      timers.forEach(clearTimeout);
    };
  }, [token, verify, navigate]);

  return (
    <CardScreen>
      <VerifyStatus state={state} onReturnToLogin={() => void navigate("/login")} />
    </CardScreen>
  );
}
