import { useId, useState, type SubmitEvent } from "react";
import { supportMessageBody, SUPPORT_MESSAGE_MIN } from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { useSendSupportMessage } from "../api/send-support-message";

type Field = "subject" | "message";
type Problems = Partial<Record<Field, string>>;

/** The contract's first message for each field it refused. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === "subject" || field === "message") && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/**
 * The 'Contact support' form: a subject and a message, checked by the contract's schema (the server's own), sent to
 * SUPPORT_EMAIL. A refusal (too many messages, support switched off) keeps the dialog and what was typed, with the
 * server's message.
 */
export function ContactSupportDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const send = useSendSupportMessage();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = supportMessageBody.safeParse({ subject, message });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues));
      return;
    }
    setProblems({});
    send.mutate(parsed.data, { onSuccess: onClose });
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    "aria-invalid": problems[name] !== undefined,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : name === "message" ? `${id}-message-hint` : undefined,
  });
  const fieldProblem = (name: Field) =>
    problems[name] && (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {problems[name]}
      </p>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Contact support</DialogTitle>
            <DialogDescription>
              Your message goes to the people who run Housemate, with your name, your email address and your household.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input
              {...field("subject")}
              value={subject}
              onChange={(event) => {
                setSubject(event.target.value);
                setProblems((current) => ({ ...current, subject: undefined }));
              }}
            />
            {fieldProblem("subject")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              {...field("message")}
              value={message}
              rows={6}
              onChange={(event) => {
                setMessage(event.target.value);
                setProblems((current) => ({ ...current, message: undefined }));
              }}
            />
            {fieldProblem("message") ?? (
              <p id={`${id}-message-hint`} className="text-sm text-muted-foreground">
                At least {SUPPORT_MESSAGE_MIN} characters.
              </p>
            )}
          </div>
          {send.isError && (
            <Alert variant="destructive">
              <AlertDescription>
                {errorMessage(send.error, "Your message could not be sent. Please try again.")}
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter className="flex-col gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? "Sending..." : "Send message"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
