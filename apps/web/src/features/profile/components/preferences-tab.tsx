import type { ReactNode } from "react";
import { DangerZoneCard, type LeaveHouseholdDialogComponent } from "./danger-zone-card";
import { PrivacySettingsCard } from "./privacy-settings-card";

/**
 * Profile → Preferences (SPEC §2): notification switches, Privacy Settings, 'Contact support' when the server offers it
 * (issue 21) and the Danger Zone.
 */
export function PreferencesTab({
  notificationPreferences,
  support,
  LeaveHouseholdDialog,
}: {
  notificationPreferences: ReactNode;
  support?: ReactNode;
  LeaveHouseholdDialog: LeaveHouseholdDialogComponent;
}) {
  return (
    <div className="flex flex-col gap-6">
      {notificationPreferences}
      <PrivacySettingsCard />
      {support}
      <DangerZoneCard LeaveHouseholdDialog={LeaveHouseholdDialog} />
    </div>
  );
}
