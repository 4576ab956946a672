import type { ReactNode } from "react";
import { BarChart3, Settings, UserRound } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export const PROFILE_TABS = ["general", "statistics", "preferences"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface ProfilePageProps {
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  general: ReactNode;
  statistics: ReactNode;
  preferences: ReactNode;
}

const isProfileTab = (value: string): value is ProfileTab => (PROFILE_TABS as readonly string[]).includes(value);

/** /dashboard/profile (SPEC §2): three tabs, General, Statistics and Preferences (arrow keys move between them). */
export function ProfilePage({ tab, onTabChange, general, statistics, preferences }: ProfilePageProps) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
        <p className="text-muted-foreground">Your details, your fine record and how you hear from Housemate.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => isProfileTab(value) && onTabChange(value)}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="general">
            <UserRound aria-hidden="true" className="hidden min-[400px]:block" />
            General
          </TabsTrigger>
          <TabsTrigger value="statistics">
            <BarChart3 aria-hidden="true" className="hidden min-[400px]:block" />
            Statistics
          </TabsTrigger>
          <TabsTrigger value="preferences">
            <Settings aria-hidden="true" className="hidden min-[400px]:block" />
            Preferences
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general">{general}</TabsContent>
        <TabsContent value="statistics">{statistics}</TabsContent>
        <TabsContent value="preferences">{preferences}</TabsContent>
      </Tabs>
    </div>
  );
}
