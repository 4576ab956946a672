import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

/** The email field both sign-in forms ask for (SPEC §5: required, of email type). */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (email: string) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The button that sends the magic link; off while a request is in flight (SPEC §5). */
export function SendLinkButton({ isSending, children }: { isSending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={isSending} className="w-full">
      {isSending && <Spinner label="Sending" className="size-4" />}
      {children}
    </Button>
  );
}
