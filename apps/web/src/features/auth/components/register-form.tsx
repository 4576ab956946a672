import { useState, type SubmitEvent } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmailField, SendLinkButton } from "./magic-link-form-parts";

export interface RegisterFormProps {
  isSending: boolean;
  onSubmit: (details: { name: string; email: string }) => void;
}

/** SPEC §2 Register: name and email, 'Create Account', and the consent line. */
export function RegisterForm({ isSending, onSubmit }: RegisterFormProps) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const details = { name: name.trim(), email: email.trim() };
    // SPEC §5: nothing happens while a field is empty or a request is in flight.
    if (!details.name || !details.email || isSending) return;
    onSubmit(details);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="register-name">Name</Label>
        <Input
          id="register-name"
          autoComplete="name"
          placeholder="Alex Smith"
          maxLength={50}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <EmailField id="register-email" value={email} onChange={setEmail} />
      <SendLinkButton isSending={isSending}>Create Account</SendLinkButton>
      <p className="text-center text-xs text-muted-foreground">
        By creating an account, you agree to our <span className="font-medium text-foreground">Terms of Service</span>{" "}
        and <span className="font-medium text-foreground">Privacy Policy</span>.
      </p>
    </form>
  );
}
