import { useState, type SubmitEvent } from "react";
import { EmailField, SendLinkButton } from "./magic-link-form-parts";

export interface LoginFormProps {
  isSending: boolean;
  onSubmit: (email: string) => void;
}

/** SPEC §2 Sign in: one email field and 'Send Magic Link'. */
export function LoginForm({ isSending, onSubmit }: LoginFormProps) {
  const [email, setEmail] = useState("");

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    // SPEC §5: nothing happens while a field is empty or a request is in flight.
    if (!trimmed || isSending) return;
    onSubmit(trimmed);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <SendLinkButton isSending={isSending}>Send Magic Link</SendLinkButton>
    </form>
  );
}
