import { lazy, Suspense, useState } from "react";
import { LifeBuoy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

// The form and its checks load when first opened: most visits never write to support.
const ContactSupportDialog = lazy(() =>
  import("./contact-support-dialog").then((module) => ({ default: module.ContactSupportDialog })),
);

/**
 * 'Contact support' (issue 21) on the profile and household settings pages: a short card whose button opens the form.
 * The page shows it only when the server has a SUPPORT_EMAIL (`useAppConfig().data.support`).
 */
export function ContactSupportCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2">
            <LifeBuoy className="size-5 text-muted-foreground" aria-hidden="true" />
            <CardTitle>Help and support</CardTitle>
          </div>
          <CardDescription>A question, a problem or an idea? Write to us and we will reply by email.</CardDescription>
        </div>
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
        >
          Contact support
        </Button>
      </CardHeader>
      {open && (
        <Suspense fallback={null}>
          <ContactSupportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
