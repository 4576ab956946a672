import { useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useUpdateProfile } from "@/lib/auth/update-profile";
import { setupStepFailureText } from "../hooks/use-finish-setup-step";
import { checkDisplayName, DisplayNameField } from "./display-name-field";

export interface OnboardingNameFormProps {
  /** The name made from the email address: only a placeholder, as nobody chose it. */
  suggestion: string;
  /** A name the person proposed themselves (the invite they set aside): filled in, for them to keep or change. */
  proposed?: string;
  onChosen: () => void;
}

/**
 * Onboarding's first step for a person who has not chosen a name (issue 18): the name housemates will see, before
 * SPEC's choice. Saving it is a profile change; the server then counts the name as chosen.
 */
export function OnboardingNameForm({ suggestion, proposed = "", onChosen }: OnboardingNameFormProps) {
  const save = useUpdateProfile();
  const [name, setName] = useState(proposed);
  const displayName = checkDisplayName(name).name;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (displayName === null || save.isPending) return;
    try {
      await save.mutateAsync({ display_name: displayName });
    } catch (error) {
      const failure = "Failed to save your name. Please try again.";
      toast.error("Error", { description: setupStepFailureText(error, failure, [400]) });
      return;
    }
    onChosen();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <DisplayNameField
        id="onboarding-display-name"
        autoFocus
        placeholder={suggestion}
        value={name}
        onChange={setName}
      />
      <Button type="submit" disabled={displayName === null || save.isPending} className="sm:self-end">
        {save.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {save.isPending ? "Saving..." : "Continue"}
      </Button>
    </form>
  );
}
