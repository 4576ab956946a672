import { useId, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { checkDisplayName, isBlankName } from "../utils/display-name";

export interface DisplayNameFormProps {
  displayName: string;
  email: string;
  isSaving: boolean;
  /** Saves the sanitised name; the outcome toasts are the caller's. */
  onSave: (displayName: string) => void;
}

/** SPEC §2/§5 Profile → General: the display name, sanitised and checked before it is sent. */
export function DisplayNameForm({ displayName, email, isSaving, onSave }: DisplayNameFormProps) {
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState(displayName);
  const [error, setError] = useState<string | null>(null);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlankName(name) || isSaving) return;
    const check = checkDisplayName(name);
    if (!check.valid) {
      setError(check.message);
      toast.error("Invalid display name", { description: check.message });
      return;
    }
    setError(null);
    // Show what will be saved: the name as sanitised.
    setName(check.name);
    onSave(check.name);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>How you appear to your housemates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>Display Name</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={200}
              autoComplete="nickname"
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${nameId}-email`}>Email</Label>
            <Input id={`${nameId}-email`} value={email} readOnly />
          </div>
          <div>
            <Button type="submit" disabled={isBlankName(name) || isSaving}>
              {isSaving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
