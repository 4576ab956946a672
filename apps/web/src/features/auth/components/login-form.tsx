import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

export interface LoginFormProps {
  isSending: boolean;
  onSubmit: (email: string) => void;
}

/** SPEC §2 Sign in: one email field and 'Send Magic Link'. */
export function LoginForm({ isSending, onSubmit }: LoginFormProps) {
  const [email, setEmail] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    // SPEC §5: nothing happens while a field is empty or a request is in flight.
    if (!trimmed || isSending) return;
    onSubmit(trimmed);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={isSending} className="w-full">
        {isSending && <Spinner label="Sending" className="size-4" />}
        Send Magic Link
      </Button>
    </form>
  );
}
