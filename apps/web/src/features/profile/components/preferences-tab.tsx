import type { ReactNode } from "react";
import { DangerZoneCard, type LeaveHouseholdDialogComponent } from "./danger-zone-card";
import { PrivacySettingsCard } from "./privacy-settings-card";

/** Profile → Preferences (SPEC §2): notification switches, Privacy Settings and the Danger Zone. */
export function PreferencesTab({
  notificationPreferences,
  LeaveHouseholdDialog,
}: {
  notificationPreferences: ReactNode;
  LeaveHouseholdDialog: LeaveHouseholdDialogComponent;
}) {
  return (
    <div className="flex flex-col gap-6">
      {notificationPreferences}
      <PrivacySettingsCard />
      <DangerZoneCard LeaveHouseholdDialog={LeaveHouseholdDialog} />
    </div>
  );
}
