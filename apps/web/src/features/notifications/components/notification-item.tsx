import type { Notification } from "@housemate/contract";
import { useNeedsServer } from "@/lib/network";
import { cn } from "@/lib/utils";
import { formatNotificationTime } from "../utils/format-notification-time";
import { NOTIFICATION_DOT } from "../utils/notification-style";

export interface NotificationItemProps {
  notification: Notification;
  /** Called when an unread item is clicked; read items are not buttons. */
  onMarkRead: (notification: Notification) => void;
  now: Date;
}

/** SPEC §2: a coloured dot by type, the title, the message, the time and an unread marker. */
export function NotificationItem({ notification, onMarkRead, now }: NotificationItemProps) {
  const unread = !notification.is_read;
  // Marking it read is a call to the server: offline the row says so rather than failing (decision 053).
  const { offline, offlineProps } = useNeedsServer();
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", NOTIFICATION_DOT[notification.type_id])}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-3">
          <span className={cn("min-w-0 break-words text-sm", unread ? "font-semibold" : "font-medium")}>
            {notification.title}
          </span>
          <time dateTime={notification.created_at} className="shrink-0 text-xs text-muted-foreground">
            {formatNotificationTime(notification.created_at, now)}
          </time>
        </span>
        <span className="break-words text-sm text-muted-foreground">{notification.message}</span>
      </span>
      <span className="mt-1.5 flex size-2 shrink-0">
        {unread && (
          <span className="size-2 rounded-full bg-primary">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </span>
    </>
  );
  const layout = "flex w-full items-start gap-3 rounded-lg px-3 py-3 text-left";

  return (
    <li>
      {unread ? (
        <button
          type="button"
          onClick={() => {
            if (!offline) onMarkRead(notification);
          }}
          {...offlineProps}
          className={cn(
            layout,
            "bg-primary/5 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
          )}
        >
          {body}
        </button>
      ) : (
        <div className={layout}>{body}</div>
      )}
    </li>
  );
}
