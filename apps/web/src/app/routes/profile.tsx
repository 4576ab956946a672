import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FORMER_MEMBER_NAME } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { finePageQueryOptions } from "@/features/fines/api/get-fines";
import { getHouseholdMembersQueryOptions } from "@/features/households/api/get-household-members";
import { LeaveHouseholdDialog } from "@/features/households/components/leave-household-dialog";
import { useNotificationPreferences } from "@/features/notifications/api/get-notification-preferences";
import { useNotificationTypes } from "@/features/notifications/api/get-notification-types";
import { useUpdateNotificationPreference } from "@/features/notifications/api/update-notification-preference";
import { useUserStats } from "@/features/profile/api/get-user-stats";
import { FINE_HISTORY_SIZE, FineHistory } from "@/features/profile/components/fine-history";
import { GeneralTab } from "@/features/profile/components/general-tab";
import { NotificationPreferencesCard } from "@/features/profile/components/notification-preferences-card";
import { PushDevice } from "@/features/profile/components/push-device";
import { PreferencesTab } from "@/features/profile/components/preferences-tab";
import { PROFILE_TABS, ProfilePage, type ProfileTab } from "@/features/profile/components/profile-page";
import { StatisticsTab } from "@/features/profile/components/statistics-tab";
import { uploadFile } from "@/features/storage/api/upload-file";
import { ContactSupportCard } from "@/features/support/components/contact-support-card";
import { useAppConfig } from "@/lib/plans/get-app-config";
import { DISPLAY_CURRENCY } from "@/lib/format";
import { isNativeApp } from "@/lib/native";
import { usePushDevice } from "@/lib/push/use-push-device";
import { useFineViewerValue } from "../fine-viewer-scope";
import { usePageTitle } from "../page-title";
import { waitsForNetwork } from "@/components/not-available-offline";

const uploadProfilePicture = (file: File) => uploadFile(file, "profile-pictures");

const unknownRule = () => undefined;
const formerMember = () => FORMER_MEMBER_NAME;

function Statistics({ userId }: { userId: string }) {
  const stats = useUserStats(userId);
  const fines = useQuery(finePageQueryOptions({ offender: userId }, { limit: FINE_HISTORY_SIZE }));
  // The fines screens' names and currency: who issued a fine, under which rule, in the household's money.
  const viewer = useFineViewerValue();
  const currency = viewer?.currency ?? DISPLAY_CURRENCY;
  return (
    <StatisticsTab
      stats={stats.data}
      isLoading={stats.isPending}
      isError={stats.isError}
      onRetry={() => void stats.refetch()}
      currency={currency}
      fineHistory={
        <FineHistory
          fines={fines.data?.data}
          isLoading={fines.isPending}
          isError={fines.isError}
          onRetry={() => void fines.refetch()}
          currency={currency}
          ruleTitle={viewer?.ruleTitle ?? unknownRule}
          issuerName={viewer?.memberName ?? formerMember}
        />
      }
    />
  );
}

function NotificationPreferences() {
  const types = useNotificationTypes();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const device = usePushDevice();
  // The phone app's WebView has no Push API: no push, rather than a switch that changes nothing there (decision 058).
  const native = isNativeApp();
  return (
    <NotificationPreferencesCard
      types={types.data}
      preferences={preferences.data}
      isLoading={types.isPending || preferences.isPending}
      waitsForNetwork={waitsForNetwork(types) || waitsForNetwork(preferences)}
      isError={types.isError || preferences.isError}
      onRetry={() => {
        void types.refetch();
        void preferences.refetch();
      }}
      onChange={(typeId, preference) => update.mutate({ typeId, preference })}
      showPush={!native}
      pushDevice={
        !native && (
          <PushDevice state={device.state} busy={device.busy} onTurnOn={device.turnOn} onTurnOff={device.turnOff} />
        )
      }
    />
  );
}

const tabFrom = (value: string | null): ProfileTab => PROFILE_TABS.find((tab) => tab === value) ?? "general";

/**
 * /dashboard/profile (SPEC §2 Profile). The tab is kept in `?tab=` so a reload stays on it. The features
 * meet here: uploads go through storage, the fine history names rules and housemates, the switches use
 * the notifications API, and a saved profile refreshes the household's member list.
 */
export function Component() {
  usePageTitle("Profile");
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.currentUser);
  const householdId = user?.household_id;
  const support = useAppConfig().data?.support ?? false;
  const refreshMembers = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: getHouseholdMembersQueryOptions(householdId).queryKey });
  }, [queryClient, householdId]);
  if (!user) return null;

  return (
    <ProfilePage
      tab={tabFrom(params.get("tab"))}
      onTabChange={(tab) => setParams(tab === "general" ? {} : { tab }, { replace: true })}
      general={<GeneralTab uploadImage={uploadProfilePicture} onProfileSaved={refreshMembers} />}
      statistics={<Statistics userId={user.id} />}
      preferences={
        <PreferencesTab
          notificationPreferences={<NotificationPreferences />}
          support={support && <ContactSupportCard />}
          LeaveHouseholdDialog={LeaveHouseholdDialog}
        />
      }
    />
  );
}
