import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useJoinHousehold } from "../api/join-household";
import { failureMessage } from "../utils/failure-message";

/** SPEC §2 Onboarding, join step: a household ID from a housemate; on success, the dashboard. */
export function JoinHouseholdForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const joinHousehold = useJoinHousehold();
  const [householdId, setHouseholdId] = useState("");
  const isBusy = joinHousehold.isPending;
  const canSubmit = householdId.trim() !== "" && !isBusy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      await joinHousehold.mutateAsync(householdId);
    } catch (error) {
      toast.error("Error", {
        description: failureMessage(error, "Failed to join household. Please check the ID and try again."),
      });
      return;
    }
    toast.success("Success!", { description: "You've joined the household." });
    navigate("/dashboard", { replace: true });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="household-id">Household ID</Label>
        <Input
          id="household-id"
          placeholder="Paste the ID a housemate shared"
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          value={householdId}
          onChange={(event) => setHouseholdId(event.target.value)}
          className="font-mono"
          aria-describedby="household-id-hint"
        />
        <p id="household-id-hint" className="text-sm text-muted-foreground">
          Ask a housemate for your household's ID.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={isBusy}>
          Back
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {isBusy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {isBusy ? "Joining..." : "Join Household"}
        </Button>
      </div>
    </form>
  );
}
