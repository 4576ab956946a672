import { useState } from "react";
import { CardScreen } from "@/components/card-screen";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthStore } from "@/lib/auth/auth-store";
import { forgetPendingInvite } from "@/lib/pending-invite";
import { readPendingInvite } from "../utils/read-pending-invite";
import { CreateHouseholdForm } from "./create-household-form";
import { JoinHouseholdForm } from "./join-household-form";
import { JoinInviteForm } from "./join-invite-form";
import { OnboardingChoice } from "./onboarding-choice";

export type OnboardingStep = "invite" | "choice" | "create" | "join";

const SUBTITLES: Record<OnboardingStep, string> = {
  invite: "A housemate has invited you. Check your name, then join, or choose another way in.",
  choice: "Create a household for your flat, or join one a housemate has set up.",
  create: "Name your household and pick the currency for its fines.",
  join: "Enter the household ID a housemate shared with you.",
};

/**
 * SPEC §2 / §4 Onboarding: greet, then choose to create or join; Back returns to the choice. With an
 * invite from the sign-in link (decision 021) it opens on that invite, to join or to set aside.
 */
export function Onboarding({ initialStep }: { initialStep?: Exclude<OnboardingStep, "invite"> }) {
  const displayName = useAuthStore((state) => state.currentUser?.display_name);
  const [invite, setInvite] = useState(readPendingInvite);
  const [step, setStep] = useState<OnboardingStep>(initialStep ?? (invite ? "invite" : "choice"));
  const back = () => setStep("choice");
  const decline = () => {
    forgetPendingInvite();
    setInvite(null);
    setStep("choice");
  };

  return (
    <CardScreen className="max-w-lg">
      <CardHeader className="px-5 text-center sm:px-6">
        <CardTitle className="text-2xl">Welcome, {displayName || "there"}!</CardTitle>
        <CardDescription>{SUBTITLES[step]}</CardDescription>
      </CardHeader>
      <CardContent className="px-5 sm:px-6">
        {step === "invite" && invite && <JoinInviteForm invite={invite} onDecline={decline} />}
        {step === "choice" && <OnboardingChoice onCreate={() => setStep("create")} onJoin={() => setStep("join")} />}
        {step === "create" && <CreateHouseholdForm onBack={back} />}
        {step === "join" && <JoinHouseholdForm onBack={back} />}
      </CardContent>
    </CardScreen>
  );
}
