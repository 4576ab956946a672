import { useNavigate } from "react-router";
import type { InviteDetails } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { saveInviteCode, savePendingInvite } from "@/lib/pending-invite";
import { useJoinByInviteCode } from "../api/join-by-invite";
import { useFinishSetupStep } from "./use-finish-setup-step";

/**
 * The invite page's Join (SPEC §2 Invite landing). Signed out: the code waits in session storage
 * while the visitor registers, and onboarding offers the household after the emailed link (decision
 * 021). Signed in without a household: one click joins, under the name they already have; a person who never chose
 * one (an account made through /login) goes to onboarding's invite step, which asks for it before joining (issue 18).
 */
export function useJoinByInvite(code: string) {
  const navigate = useNavigate();
  const currentUser = useAuthStore((state) => state.currentUser);
  const joinByInvite = useJoinByInviteCode();
  const finish = useFinishSetupStep();

  async function join(household: InviteDetails) {
    if (!currentUser) {
      saveInviteCode(code);
      void navigate("/register"); // the screen changes; nothing here waits for it
      return;
    }
    if (currentUser.household_id || joinByInvite.isPending) return;
    if (!currentUser.display_name_chosen) {
      savePendingInvite({ code, ...household, displayName: "" });
      void navigate("/onboarding");
      return;
    }
    await finish(joinByInvite.mutateAsync({ code }), {
      success: "You've joined the household.",
      failure: "Failed to join household. Please try again.",
      // A 403: a link made before an admin removed this person (decision 032). A 402: the household filled up since
      // the page loaded (issue 21), and its message names the plan.
      serverWordsFor: [402, 403, 404, 409],
    });
  }

  return { join, isJoining: joinByInvite.isPending, isMember: Boolean(currentUser?.household_id) };
}
