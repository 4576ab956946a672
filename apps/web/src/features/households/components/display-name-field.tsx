import { DISPLAY_NAME_MAX, displayNameSchema } from "@housemate/contract";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * What a typed display name comes to under the contract's own schema (SPEC §5): the name to send, or the problem to
 * show. An empty field is neither: it only keeps the form from being sent.
 */
export function checkDisplayName(text: string): { name: string | null; problem: string | null } {
  const parsed = displayNameSchema.safeParse(text);
  if (parsed.success) return { name: parsed.data, problem: null };
  return { name: null, problem: text.trim() === "" ? null : (parsed.error.issues[0]?.message ?? null) };
}

export interface DisplayNameFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown in an empty field: a name nobody chose, so never filled in for them. */
  placeholder?: string;
  autoFocus?: boolean;
}

/** The name housemates will see, asked for during onboarding (the name step and the invite step), with its hint. */
export function DisplayNameField({ id, value, onChange, placeholder, autoFocus }: DisplayNameFieldProps) {
  const { problem } = checkDisplayName(value);
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Display name</Label>
      <Input
        id={id}
        autoComplete="name"
        autoFocus={autoFocus}
        required
        maxLength={DISPLAY_NAME_MAX}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={hintId}
      />
      <p id={hintId} className={problem ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
        {problem ?? "This is how your housemates will see you."}
      </p>
    </div>
  );
}
