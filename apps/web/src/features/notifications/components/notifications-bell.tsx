import { useState } from "react";
import { Bell } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTrigger } from "@/components/ui/sheet";
import { publishRightSheet } from "@/lib/toast-clearance";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { NotificationsPanel } from "./notifications-panel";

/** The bell's accessible name says the count, which the badge only shows. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/** SPEC §2 Signed-in shell: the header's bell with the unread count; it opens the Notifications sheet. */
export function NotificationsBell() {
  const unread = useNotificationCountsStore((state) => state.unread);
  const [open, setOpen] = useState(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={bellLabel(unread)}
          className="relative rounded-full [&_svg]:size-5"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground ring-2 ring-background"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </SheetTrigger>
      {/* While open, the sheet publishes the room it takes, so toasts keep beside it (app/toaster.tsx). */}
      <SheetContent ref={publishRightSheet} aria-describedby={undefined}>
        {open && <NotificationsPanel />}
      </SheetContent>
    </Sheet>
  );
}
