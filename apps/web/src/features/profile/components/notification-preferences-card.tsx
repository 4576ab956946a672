import { useId, type ReactNode } from "react";
import type {
  NotificationPreference,
  NotificationPreferences,
  NotificationType,
  NotificationTypeId,
} from "@housemate/contract";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { NotAvailableOffline } from "@/components/not-available-offline";

/** SPEC §3: a type the person never changed is on for every channel. */
const DEFAULT_PREFERENCE: NotificationPreference = { in_app_enabled: true, email_enabled: true, push_enabled: true };

export interface NotificationPreferencesCardProps {
  types: NotificationType[] | undefined;
  preferences: NotificationPreferences | undefined;
  isLoading: boolean;
  /** Offline with nothing kept to show: said, rather than loading for ever. */
  waitsForNetwork?: boolean;
  isError: boolean;
  onRetry: () => void;
  onChange: (typeId: NotificationTypeId, preference: NotificationPreference) => void;
  /**
   * Issue 23: this device's push state, above the list, and a Push switch for each type sent by push. Both left out
   * inside the phone app, whose WebView has no Push API.
   */
  pushDevice?: ReactNode;
  showPush?: boolean;
}

function ChannelSwitch({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-label={name} />
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground" aria-hidden="true">
        {label}
      </label>
    </div>
  );
}

function PreferenceRow({
  type,
  preference,
  showPush,
  onChange,
}: {
  type: NotificationType;
  preference: NotificationPreference;
  showPush: boolean;
  onChange: NotificationPreferencesCardProps["onChange"];
}) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <span className="text-sm font-medium">{type.description}</span>
      <div className="flex shrink-0 flex-wrap gap-x-5 gap-y-2">
        {type.channels.includes("in_app") ? (
          <ChannelSwitch
            label="In-app"
            name={`${type.description} (in-app)`}
            checked={preference.in_app_enabled}
            onChange={(on) => onChange(type.id, { ...preference, in_app_enabled: on })}
          />
        ) : (
          // Sent by email only (the weekly digest, issue 22): a switch here would change nothing.
          <span className="text-sm text-muted-foreground">Email only</span>
        )}
        {type.channels.includes("email") && (
          <ChannelSwitch
            label="Email"
            name={`${type.description} (email)`}
            checked={preference.email_enabled}
            onChange={(on) => onChange(type.id, { ...preference, email_enabled: on })}
          />
        )}
        {showPush && type.channels.includes("push") && (
          <ChannelSwitch
            label="Push"
            name={`${type.description} (push)`}
            checked={preference.push_enabled}
            onChange={(on) => onChange(type.id, { ...preference, push_enabled: on })}
          />
        )}
      </div>
    </li>
  );
}

/**
 * Profile → Preferences (SPEC §2): an in-app and an email switch for each kind of notification, and a push one (issue
 * 23), or only the switches of the channels it is sent on (issue 22: the weekly digest is an email).
 */
export function NotificationPreferencesCard({
  types,
  preferences,
  isLoading,
  waitsForNetwork = false,
  isError,
  onRetry,
  onChange,
  pushDevice,
  showPush = false,
}: NotificationPreferencesCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Preferences</CardTitle>
        <CardDescription>Choose how you hear about what happens in your household.</CardDescription>
      </CardHeader>
      <CardContent>
        {types && preferences ? (
          <>
            {pushDevice}
            <ul className="divide-y">
              {types.map((type) => (
                <PreferenceRow
                  key={type.id}
                  type={type}
                  preference={preferences[type.id] ?? DEFAULT_PREFERENCE}
                  showPush={showPush}
                  onChange={onChange}
                />
              ))}
            </ul>
          </>
        ) : isError ? (
          <LoadError message="Failed to load notification preferences" onRetry={onRetry} />
        ) : waitsForNetwork ? (
          <NotAvailableOffline />
        ) : (
          isLoading && (
            <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading notification preferences">
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} className="h-8" />
              ))}
            </div>
          )
        )}
      </CardContent>
    </Card>
  );
}
