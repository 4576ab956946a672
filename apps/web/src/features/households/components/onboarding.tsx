import { useState } from "react";
import { CardScreen } from "@/components/card-screen";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { CreateHouseholdForm } from "./create-household-form";
import { JoinHouseholdForm } from "./join-household-form";
import { OnboardingChoice } from "./onboarding-choice";

export type OnboardingStep = "choice" | "create" | "join";

const SUBTITLES: Record<OnboardingStep, string> = {
  choice: "Create a household for your flat, or join one a housemate has set up.",
  create: "Name your household and pick the currency for its fines.",
  join: "Enter the household ID a housemate shared with you.",
};

/** SPEC §2 / §4 Onboarding: greet, then choose to create or join; Back returns to the choice. */
export function Onboarding({ initialStep = "choice" }: { initialStep?: OnboardingStep }) {
  const displayName = useAuthStore((state) => state.currentUser?.display_name);
  const [step, setStep] = useState<OnboardingStep>(initialStep);
  const back = () => setStep("choice");

  return (
    <CardScreen className="max-w-lg">
      <CardHeader className="px-5 text-center sm:px-6">
        <CardTitle className="text-2xl">Welcome, {displayName || "there"}!</CardTitle>
        <CardDescription>{SUBTITLES[step]}</CardDescription>
      </CardHeader>
      <CardContent className="px-5 sm:px-6">
        {step === "choice" && <OnboardingChoice onCreate={() => setStep("create")} onJoin={() => setStep("join")} />}
        {step === "create" && <CreateHouseholdForm onBack={back} />}
        {step === "join" && <JoinHouseholdForm onBack={back} />}
      </CardContent>
    </CardScreen>
  );
}
