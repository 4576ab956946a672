import { MailCheck } from "lucide-react";
import { LOGIN_SENT_MESSAGE, MAGIC_LINK_TTL_MINUTES } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** After the link is sent: where to look, how long the link lasts, and a way to try another address. */
export function MagicLinkSent({ email, onUseAnotherEmail }: { email: string; onUseAnotherEmail: () => void }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle className="text-2xl">Check your inbox</CardTitle>
        <CardDescription>{LOGIN_SENT_MESSAGE}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-center text-sm">
        <p>
          We sent it to <strong className="break-all">{email}</strong>. It works once and expires in{" "}
          {MAGIC_LINK_TTL_MINUTES} minutes.
        </p>
        <p className="text-muted-foreground">No email? Check your spam folder, or try again.</p>
        <Button variant="outline" onClick={onUseAnotherEmail}>
          Use a different email
        </Button>
      </CardContent>
    </>
  );
}
