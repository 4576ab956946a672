import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { LoaderCircle, TriangleAlert, Users } from "lucide-react";
import { INVITE_INVALID_MESSAGE } from "@housemate/contract";
import { CardScreen } from "@/components/card-screen";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { isInviteRefusal, useInviteDetails } from "../api/get-invite-details";
import { useJoinByInvite } from "../hooks/use-join-by-invite";
import { memberCountText } from "../utils/member-count-text";

/** SPEC §2 Invite landing (/invite/{code}): what the link opens, and a way in. */
export function InviteLanding({ code }: { code: string | undefined }) {
  return (
    <CardScreen className="max-w-lg">
      {code ? <InviteDetailsCard code={code} /> : <InviteProblem message="Invalid invite link" />}
    </CardScreen>
  );
}

function InviteDetailsCard({ code }: { code: string }) {
  const details = useInviteDetails(code);
  const { join, isJoining, isMember } = useJoinByInvite(code);
  // Anything but a refusal (offline, server down) is worth another try.
  const isRefused = isInviteRefusal(details.error);
  const loadFailed = details.isError && !isRefused;

  useEffect(() => {
    if (loadFailed) toast.error("Error", { description: "Failed to load invite details" });
  }, [loadFailed]);

  if (details.isPending) {
    return (
      <CardContent className="flex justify-center py-16">
        <Spinner label="Loading invite details" className="size-8 text-primary" />
      </CardContent>
    );
  }
  if (details.isError) {
    return (
      <InviteProblem message={isRefused ? INVITE_INVALID_MESSAGE : "Failed to load invite details"}>
        {loadFailed && (
          <Button needsServer variant="outline" onClick={() => void details.refetch()}>
            Try Again
          </Button>
        )}
      </InviteProblem>
    );
  }

  const { householdName, memberCount, fullMessage } = details.data;
  return (
    <>
      <CardHeader className="items-center text-center">
        <span
          className="mb-2 grid size-14 place-items-center rounded-full bg-primary/10 text-primary"
          aria-hidden="true"
        >
          <Users className="size-7" />
        </span>
        <CardDescription>You've been invited to join</CardDescription>
        <CardTitle className="text-2xl break-words">{householdName}</CardTitle>
        <p className="text-sm text-muted-foreground">{memberCountText(memberCount)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isMember && (
          <Alert>
            <AlertDescription>You are already a member of a household.</AlertDescription>
          </Alert>
        )}
        {/* Issue 21: a household whose plan has no free seat says so before anyone registers, and offers no way in. */}
        {fullMessage && (
          <Alert>
            <TriangleAlert aria-hidden="true" />
            <AlertDescription className="text-foreground">{fullMessage}</AlertDescription>
          </Alert>
        )}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <GoToHome />
        {!fullMessage && (
          <Button
            onClick={() => void join({ householdName, memberCount, fullMessage })}
            disabled={isMember || isJoining}
            className="w-full sm:w-32"
          >
            {isJoining && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Join
          </Button>
        )}
      </CardFooter>
    </>
  );
}

function GoToHome() {
  return (
    <Button variant="outline" asChild className="w-full sm:w-auto">
      <Link to="/">Go to Home</Link>
    </Button>
  );
}

function InviteProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        <span
          className="mb-2 grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive"
          aria-hidden="true"
        >
          <TriangleAlert className="size-7" />
        </span>
        <div role="alert">
          <CardTitle className="text-xl">{message}</CardTitle>
        </div>
      </CardHeader>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <GoToHome />
        {children}
      </CardFooter>
    </>
  );
}
