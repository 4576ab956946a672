import { useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { Users } from "lucide-react";
import { CardScreen } from "@/components/card-screen";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { MagicLinkSent } from "@/features/auth/components/magic-link-sent";
import { RegisterForm } from "@/features/auth/components/register-form";
import { useSendMagicLink } from "@/features/auth/hooks/use-send-magic-link";
import { useAuthStore } from "@/lib/auth/auth-store";
import { originPath } from "@/features/auth/utils/return-to";
import { forgetInviteCode, readInviteCode } from "@/lib/pending-invite";
import { usePageTitle } from "../page-title";

/** SPEC §2 Register (/register), including the invite-link variant. */
export function Component() {
  usePageTitle("Sign Up");
  const location = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { send, isSending, sentTo, startOver } = useSendMagicLink();
  // Put there by the invite page's Join button (SPEC §2 Invite landing).
  const [inviteCode] = useState(readInviteCode);

  if (isAuthenticated) return <Navigate to={originPath(location.state) ?? "/dashboard"} replace />;

  async function register({ name, email }: { name: string; email: string }) {
    try {
      await send({ email, displayName: name, inviteCode: inviteCode ?? undefined });
    } finally {
      // SPEC §2: the stored code is removed after the request; the server keeps it with the link.
      forgetInviteCode();
    }
  }

  return (
    <CardScreen>
      {sentTo ? (
        <MagicLinkSent email={sentTo} onUseAnotherEmail={startOver} />
      ) : (
        <>
          <CardHeader className="text-center">
            <CardTitle className="text-2xl">Sign Up</CardTitle>
            <CardDescription>
              {inviteCode ? "Create an account to join the household" : "Enter your name and email to get started"}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {inviteCode && (
              <Alert>
                <Users aria-hidden="true" />
                <AlertTitle>You're joining a household via invite link</AlertTitle>
              </Alert>
            )}
            <RegisterForm isSending={isSending} onSubmit={(details) => void register(details)} />
          </CardContent>
          <CardFooter className="justify-center text-sm text-muted-foreground">
            <span>
              Already have an account?{" "}
              <Link to="/login" state={location.state as unknown} className="font-medium text-primary hover:underline">
                Sign in
              </Link>
            </span>
          </CardFooter>
        </>
      )}
    </CardScreen>
  );
}
