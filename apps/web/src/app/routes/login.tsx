import { Link, Navigate, useLocation } from "react-router";
import { CardScreen } from "@/components/card-screen";
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { LoginForm } from "@/features/auth/components/login-form";
import { MagicLinkSent } from "@/features/auth/components/magic-link-sent";
import { useSendMagicLink } from "@/features/auth/hooks/use-send-magic-link";
import { useAuthStore } from "@/lib/auth/auth-store";
import { originPath } from "@/features/auth/utils/return-to";
import { usePageTitle } from "../page-title";

/** SPEC §2 Sign in (/login). */
export function Component() {
  usePageTitle("Sign In");
  const location = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { send, isSending, sentTo, startOver } = useSendMagicLink();

  if (isAuthenticated) return <Navigate to={originPath(location.state) ?? "/dashboard"} replace />;

  return (
    <CardScreen>
      {sentTo ? (
        <MagicLinkSent email={sentTo} onUseAnotherEmail={startOver} />
      ) : (
        <>
          <CardHeader className="text-center">
            <CardTitle className="text-2xl">Sign In</CardTitle>
            <CardDescription>Enter your email to receive a magic link</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm isSending={isSending} onSubmit={(email) => void send({ email })} />
          </CardContent>
          <CardFooter className="justify-center text-sm text-muted-foreground">
            <span>
              Don't have an account? {/* The origin travels along, so signing up also returns the visitor to it. */}
              <Link
                to="/register"
                state={location.state as unknown}
                className="font-medium text-primary hover:underline"
              >
                Sign up
              </Link>
            </span>
          </CardFooter>
        </>
      )}
    </CardScreen>
  );
}
