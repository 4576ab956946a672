import { useEffect, useState } from "react";
import { CheckCheck } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { NotAvailableOffline, waitsForNetwork } from "@/components/not-available-offline";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { NotificationList } from "./notification-list";

/**
 * The inside of SPEC §2's Notifications sheet. Mounting it is opening the panel: the list is fetched
 * then, unless the last fetch was under a minute ago.
 */
export function NotificationsPanel() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const hasUnread = notifications.data?.notifications.some((each) => !each.is_read) ?? false;

  // Only failures while the panel is open: a background fetch that failed earlier was not asked for.
  const [openedAt] = useState(Date.now);
  const failedAt = notifications.isError ? notifications.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt >= openedAt) toast.error("Error", { description: "Failed to load notifications" });
  }, [failedAt, openedAt]);

  return (
    <>
      <SheetHeader className="flex-row items-center justify-between gap-2">
        <SheetTitle>Notifications</SheetTitle>
        {hasUnread && (
          <Button needsServer variant="ghost" size="sm" onClick={() => markAllRead.mutate()}>
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        )}
      </SheetHeader>
      <div className="-mx-6 flex min-h-0 flex-1 flex-col overflow-y-auto px-6">
        {waitsForNetwork(notifications) ? (
          <NotAvailableOffline />
        ) : (
          <NotificationList
            notifications={notifications.data?.notifications}
            isLoading={notifications.isPending}
            onMarkRead={(notification) => markRead.mutate(notification)}
          />
        )}
      </div>
    </>
  );
}
