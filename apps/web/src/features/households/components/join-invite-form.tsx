import { useState, type SubmitEvent } from "react";
import { LoaderCircle, TriangleAlert, Users } from "lucide-react";
import type { PendingInvite } from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useJoinByInviteCode } from "../api/join-by-invite";
import { useFinishSetupStep } from "../hooks/use-finish-setup-step";
import { memberCountText } from "../utils/member-count-text";
import { checkDisplayName, DisplayNameField } from "./display-name-field";

export interface JoinInviteFormProps {
  invite: PendingInvite;
  /** 'Not now', or an invite that has stopped working: forget it and offer SPEC's choice. */
  onDecline: () => void;
}

/**
 * Onboarding's invite step (decision 021): the household a sign-in link's invite opens, joined only
 * when the person confirms, under the name they confirm or change here. The proposed name came with
 * the request, possibly from someone else, so it is only prefilled.
 */
export function JoinInviteForm({ invite, onDecline }: JoinInviteFormProps) {
  const join = useJoinByInviteCode();
  const finish = useFinishSetupStep();
  const [name, setName] = useState(invite.displayName);
  const displayName = checkDisplayName(name).name;
  const isBusy = join.isPending;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (displayName === null || isBusy) return;
    const joining = join.mutateAsync({ code: invite.code, displayName });
    // An invite that expired meanwhile will never work: back to the other ways in.
    joining.catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) onDecline();
    });
    await finish(joining, {
      success: "You've joined the household.",
      failure: "Failed to join household. Please try again.",
      // A 402: the household's plan has no free seat (issue 21); its message names the plan.
      serverWordsFor: [400, 402, 404, 409],
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <div className="flex items-center gap-3 rounded-lg border bg-background p-3.5 sm:p-4">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary"
          aria-hidden="true"
        >
          <Users className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="font-semibold break-words">You're invited to join {invite.householdName}</h2>
          <p className="text-sm text-muted-foreground">{memberCountText(invite.memberCount)}</p>
        </div>
      </div>
      {/* Issue 21: through the emailed link as on the invite's page, a full household says so before the Join. */}
      {invite.fullMessage && (
        <Alert>
          <TriangleAlert aria-hidden="true" />
          <AlertDescription className="text-foreground">{invite.fullMessage}</AlertDescription>
        </Alert>
      )}
      <DisplayNameField id="invite-display-name" value={name} onChange={setName} />
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onDecline} disabled={isBusy}>
          Not now
        </Button>
        <Button
          type="submit"
          disabled={displayName === null || isBusy || invite.fullMessage !== null}
          className="min-w-0"
        >
          {isBusy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          <span className="truncate">{isBusy ? "Joining..." : `Join ${invite.householdName}`}</span>
        </Button>
      </div>
    </form>
  );
}
