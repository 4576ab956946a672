import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { MailCheck, MailX, TriangleAlert } from "lucide-react";
import { UNSUBSCRIBE_INVALID_MESSAGE, unsubscribedMessage } from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { isUnsubscribeRefusal, useUnsubscribeDetails } from "../api/get-unsubscribe";
import { useUnsubscribe } from "../api/unsubscribe";

/** Where every outcome points: the switches themselves (a signed-out person signs in first). */
export const PREFERENCES_PATH = "/dashboard/profile?tab=preferences";

/**
 * /unsubscribe?token=… (issue 22): an email's unsubscribe link, with no sign-in. Opening it only reads what it is for
 * (mail scanners open links); the person confirms with 'Unsubscribe', which turns that one type's email off.
 */
export function UnsubscribeCard({ token }: { token: string | undefined }) {
  if (!token) return <Outcome tone="problem" message={UNSUBSCRIBE_INVALID_MESSAGE} />;
  return <UnsubscribeConfirm token={token} />;
}

function UnsubscribeConfirm({ token }: { token: string }) {
  const details = useUnsubscribeDetails(token);
  const unsubscribe = useUnsubscribe(token);
  // Set once 'Try Again' is pressed: that button goes, so the question it brings back takes the focus.
  const [retried, setRetried] = useState(false);

  if (details.isPending) {
    return (
      <CardContent className="flex justify-center py-16">
        <Spinner label="Loading the unsubscribe link" className="size-8 text-primary" />
      </CardContent>
    );
  }
  if (details.isError) {
    if (isUnsubscribeRefusal(details.error)) return <Outcome tone="problem" message={UNSUBSCRIBE_INVALID_MESSAGE} />;
    return (
      <Outcome tone="problem" message="Failed to load the unsubscribe link.">
        <Button
          needsServer
          variant="outline"
          onClick={() => {
            setRetried(true);
            void details.refetch();
          }}
        >
          Try Again
        </Button>
      </Outcome>
    );
  }

  const { description, email_enabled: emailOn } = details.data;
  // The pressed button goes with the question: the answer takes the focus, so it is read out and the keyboard stays.
  if (unsubscribe.isSuccess) return <Outcome tone="done" message={unsubscribedMessage(description)} focused />;
  if (!emailOn) {
    return (
      <Outcome
        tone="done"
        message={`You already get no emails for: ${description}. You can turn them back on in Profile > Preferences.`}
        focused={retried}
      />
    );
  }
  return (
    <>
      <CardHeader className="items-center text-center">
        <Mark tone="ask" />
        <FocusedTitle focused={retried} className="text-xl break-words">
          {`Stop emails for: ${description}?`}
        </FocusedTitle>
        <p className="text-sm text-muted-foreground">Other emails, and what you see in the app, stay as they are.</p>
      </CardHeader>
      {unsubscribe.isError && (
        <CardContent>
          <Alert variant="destructive">
            <AlertDescription>
              {errorMessage(unsubscribe.error, "Failed to unsubscribe. Please try again.")}
            </AlertDescription>
          </Alert>
        </CardContent>
      )}
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <PreferencesLink />
        <Button className="w-full sm:w-auto" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending && <Spinner label="Unsubscribing" className="size-4" />}
          Unsubscribe
        </Button>
      </CardFooter>
    </>
  );
}

function PreferencesLink() {
  return (
    <Button variant="outline" asChild className="w-full sm:w-auto">
      <Link to={PREFERENCES_PATH}>Open Preferences</Link>
    </Button>
  );
}

function Mark({ tone }: { tone: "ask" | "done" | "problem" }) {
  const Icon = tone === "problem" ? TriangleAlert : tone === "done" ? MailCheck : MailX;
  return (
    <span
      className={`mb-2 grid size-14 place-items-center rounded-full ${
        tone === "problem" ? "bg-destructive/10 text-destructive" : "bg-primary/10 text-primary"
      }`}
      aria-hidden="true"
    >
      <Icon className="size-7" />
    </span>
  );
}

/** The page's last word: done, already so, or a link that is no good; each with the way to the switches. */
function Outcome({
  tone,
  message,
  focused = false,
  children,
}: {
  tone: "done" | "problem";
  message: string;
  /** Whether it follows a button press, so it takes the focus the vanished button had. */
  focused?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <CardHeader className="items-center text-center">
        <Mark tone={tone} />
        <div role={tone === "problem" ? "alert" : "status"}>
          <FocusedTitle focused={focused} className="text-lg font-semibold break-words">
            {message}
          </FocusedTitle>
        </div>
      </CardHeader>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <PreferencesLink />
        {children}
      </CardFooter>
    </>
  );
}

/**
 * The card's heading, focused once when it replaces the button just pressed: a screen reader reads it (a status
 * region mounted with its text is not announced) and the keyboard carries on from here rather than from the page.
 */
function FocusedTitle({ focused, className, children }: { focused: boolean; className: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focused) ref.current?.focus();
  }, [focused]);
  return (
    <CardTitle ref={ref} tabIndex={-1} className={`${className} outline-none`}>
      {children}
    </CardTitle>
  );
}
