import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useShallow } from "zustand/react/shallow";
import { Check, Copy } from "lucide-react";
import { INVITE_NEEDS_HOUSEHOLD_MESSAGE } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { householdFullReason, seatsLine, UPGRADE_PATH } from "@/lib/plans/plan-usage";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { createInvite } from "../api/create-invite";
import { useInviteDialogStore } from "../stores/invite-dialog-store";
import { copyText } from "../utils/copy-text";

/** SPEC §9: how long the copy button shows its tick. */
export const COPIED_MS = 2000;

/**
 * Makes a link for the open dialog. Reads the store afresh, so a second call while one is under way
 * (React StrictMode runs effects twice) makes no second invite.
 */
async function generateInviteLink(householdId: string | null | undefined) {
  const store = useInviteDialogStore.getState();
  if (store.isGenerating || store.inviteLink) return;
  if (!householdId) {
    toast.error("Error", { description: INVITE_NEEDS_HOUSEHOLD_MESSAGE });
    store.reset();
    return;
  }
  store.setGenerating(true);
  try {
    const inviteLink = await createInvite(householdId);
    // Closed while the link was being made: nothing to show it in.
    if (useInviteDialogStore.getState().isOpen) useInviteDialogStore.getState().setInviteLink(inviteLink);
  } catch {
    toast.error("Error", { description: "Failed to generate invite link" });
    useInviteDialogStore.getState().reset();
  } finally {
    useInviteDialogStore.getState().setGenerating(false);
  }
}

/**
 * SPEC §2 Invite dialog: opened through the invite dialog store, it makes a fresh link each time; but none for a
 * household whose plan has no free seat (issue 21): it says why instead, as the buttons that open it do.
 */
export function InviteDialog() {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const isAdmin = useAuthStore((state) => state.currentUser?.is_admin ?? false);
  const { plan } = usePlanAccess(householdId);
  const fullReason = householdFullReason(plan);
  const seats = plan ? seatsLine(plan) : null;
  const { isOpen, inviteLink, isGenerating, isCopied, setCopied, reset } = useInviteDialogStore(
    useShallow(({ isOpen, inviteLink, isGenerating, isCopied, setCopied, reset }) => ({
      isOpen,
      inviteLink,
      isGenerating,
      isCopied,
      setCopied,
      reset,
    })),
  );

  useEffect(() => {
    if (isOpen && !fullReason) void generateInviteLink(householdId);
  }, [isOpen, householdId, fullReason]);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied, setCopied]);

  async function copyLink() {
    try {
      await copyText(inviteLink);
      setCopied(true);
      toast.success("Link copied!");
    } catch {
      toast.error("Error", { description: "Failed to copy link to clipboard" });
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && reset()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite Housemates</DialogTitle>
        </DialogHeader>
        {fullReason ? (
          <>
            <DialogDescription className="text-foreground">{fullReason}</DialogDescription>
            {isAdmin && (
              <Button asChild variant="outline" className="w-fit">
                <Link to={UPGRADE_PATH} onClick={reset}>
                  Upgrade
                </Link>
              </Button>
            )}
          </>
        ) : (
          <>
            <div className="flex flex-col gap-2">
              <Label htmlFor="invite-link">Invite Link</Label>
              <div className="flex items-center gap-2">
                <div className="relative flex-1">
                  <Input
                    id="invite-link"
                    readOnly
                    value={inviteLink}
                    placeholder={isGenerating ? "Generating..." : ""}
                    onFocus={(event) => event.currentTarget.select()}
                    className="pr-9 font-mono text-xs md:text-xs"
                  />
                  {isGenerating && (
                    <Spinner
                      label="Generating invite link"
                      className="absolute top-3 right-3 size-4 text-muted-foreground"
                    />
                  )}
                </div>
                <Button
                  variant="outline"
                  size="icon"
                  onClick={() => void copyLink()}
                  disabled={!inviteLink || isGenerating}
                  aria-label={isCopied ? "Copied" : "Copy link"}
                >
                  {isCopied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
                </Button>
              </div>
            </div>
            <DialogDescription>This link expires in 7 days and can be used by multiple people.</DialogDescription>
            {seats && <p className="text-sm font-medium">{seats}</p>}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
