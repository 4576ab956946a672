import { useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { LoaderCircle } from "lucide-react";
import { displayNameSchema } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useChooseDisplayName } from "../api/choose-display-name";

export interface OnboardingNameFormProps {
  /** The name made from the email address: only a placeholder, as nobody chose it. */
  suggestion: string;
  onChosen: () => void;
}

/**
 * Onboarding's first step for an account made through /login (issue 18): the name housemates will see, checked with
 * the contract's own schema and message before SPEC's choice.
 */
export function OnboardingNameForm({ suggestion, onChosen }: OnboardingNameFormProps) {
  const choose = useChooseDisplayName();
  const [name, setName] = useState("");
  const parsed = displayNameSchema.safeParse(name);
  const isEmpty = name.trim() === "";
  const problem = isEmpty || parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const canSubmit = parsed.success && !choose.isPending;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.success || choose.isPending) return;
    try {
      await choose.mutateAsync(parsed.data);
    } catch (error) {
      const ownWords = error instanceof ApiError && error.status === 400;
      toast.error("Error", { description: ownWords ? error.message : "Failed to save your name. Please try again." });
      return;
    }
    onChosen();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="onboarding-display-name">Display name</Label>
        <Input
          id="onboarding-display-name"
          autoComplete="name"
          autoFocus
          required
          maxLength={50}
          placeholder={suggestion}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby="onboarding-display-name-hint"
        />
        <p
          id="onboarding-display-name-hint"
          className={problem ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
        >
          {problem ?? "This is how your housemates will see you."}
        </p>
      </div>
      <Button type="submit" disabled={!canSubmit} className="sm:self-end">
        {choose.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {choose.isPending ? "Saving..." : "Continue"}
      </Button>
    </form>
  );
}
