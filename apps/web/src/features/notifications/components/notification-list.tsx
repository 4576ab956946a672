import { BellOff } from "lucide-react";
import type { Notification } from "@housemate/contract";
import { Skeleton } from "@/components/ui/skeleton";
import { NotificationItem } from "./notification-item";

export interface NotificationListProps {
  /** Undefined while the first fetch is under way (or failed: the toast has said so). */
  notifications: Notification[] | undefined;
  isLoading: boolean;
  onMarkRead: (notification: Notification) => void;
}

/** The panel's body: placeholders, the empty state of SPEC §2, or the items newest first. */
export function NotificationList({ notifications, isLoading, onMarkRead }: NotificationListProps) {
  if (!notifications) {
    if (!isLoading) return null;
    return (
      <div role="status" aria-label="Loading notifications" className="flex flex-col gap-3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  }

  if (notifications.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 py-12 text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          <BellOff className="size-6" aria-hidden="true" />
        </span>
        <p className="font-medium">No notifications yet</p>
        <p className="text-sm text-muted-foreground">We'll notify you when something happens</p>
      </div>
    );
  }

  const now = new Date();
  return (
    <ul aria-label="Notifications" className="-mx-3 flex flex-col gap-1">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onMarkRead={onMarkRead} now={now} />
      ))}
    </ul>
  );
}
