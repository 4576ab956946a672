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
import { OnboardingNameForm } from "./onboarding-name-form";

export type OnboardingStep = "name" | "invite" | "choice" | "create" | "join";

const SUBTITLES: Record<OnboardingStep, string> = {
  name: "First, what should your housemates call you?",
  invite: "A housemate has invited you. Check your name, then join, or choose another way in.",
  choice: "Create a household for your flat, or join one a housemate has set up.",
  create: "Name your household and pick the currency for its fines.",
  join: "Enter the household ID a housemate shared with you.",
};

/**
 * SPEC §2 / §4 Onboarding: greet, then choose to create or join; Back returns to the choice. With an
 * invite from the sign-in link (decision 021) it opens on that invite, to join or to set aside. A person who has not
 * chosen a name (an account made through /login) is asked for it first: by the invite step, or by the name step.
 */
export function Onboarding({ initialStep }: { initialStep?: Exclude<OnboardingStep, "invite" | "name"> }) {
  const displayName = useAuthStore((state) => state.currentUser?.display_name);
  // An account made through /login is named after its email address until the person gives a name (issue 18).
  const nameChosen = useAuthStore((state) => state.currentUser?.display_name_chosen ?? true);
  const [invite, setInvite] = useState(readPendingInvite);
  // The name the person proposed with an invite they set aside: the name step starts from it.
  const [proposedName, setProposedName] = useState("");
  const afterName = initialStep ?? "choice";
  // The invite step asks for the name itself; without one, the name comes before anything else.
  const [chosenStep, setStep] = useState<OnboardingStep>(invite && !initialStep ? "invite" : "name");
  // Follows the current user: once the name is chosen (here, or on another device as /auth/me says) it is not asked.
  const step = chosenStep === "name" && nameChosen ? afterName : chosenStep;
  const back = () => setStep("choice");
  const decline = () => {
    forgetPendingInvite();
    setProposedName(invite?.displayName ?? "");
    setInvite(null);
    setStep("name");
  };

  return (
    <CardScreen className="max-w-lg">
      <CardHeader className="px-5 text-center sm:px-6">
        <CardTitle className="text-2xl">Welcome, {(nameChosen && displayName) || "there"}!</CardTitle>
        <CardDescription>{SUBTITLES[step]}</CardDescription>
      </CardHeader>
      <CardContent className="px-5 sm:px-6">
        {step === "name" && (
          <OnboardingNameForm
            suggestion={displayName ?? ""}
            proposed={proposedName}
            onChosen={() => setStep(afterName)}
          />
        )}
        {step === "invite" && invite && <JoinInviteForm invite={invite} onDecline={decline} />}
        {step === "choice" && <OnboardingChoice onCreate={() => setStep("create")} onJoin={() => setStep("join")} />}
        {step === "create" && <CreateHouseholdForm onBack={back} />}
        {step === "join" && <JoinHouseholdForm onBack={back} />}
      </CardContent>
    </CardScreen>
  );
}
