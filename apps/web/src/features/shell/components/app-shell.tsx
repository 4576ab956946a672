import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { AppHeader } from "./app-header";
import { MobileNav } from "./mobile-nav";
import { OfflineBanner } from "./offline-banner";
import { Sidebar } from "./sidebar";

export interface AppShellProps {
  /** The desktop 'Invite Housemates' button. */
  onInvite: () => void;
  /** The phone bar's Invite: copies the household ID. */
  onCopyHouseholdId: () => void;
  /** Dialogs the shell's buttons open (the invite dialog). */
  dialogs?: ReactNode;
  /** Slots other features fill; see app/routes/shell.tsx. */
  notificationsBell?: ReactNode;
  houseBalance?: ReactNode;
  compactHouseBalance?: ReactNode;
  /** The places marked Pro in the sidebar and the account menu (issue 21: Activity and Insights on Basic). */
  proPaths?: ReadonlySet<string>;
}

/**
 * SPEC §2 Signed-in shell: sticky header, desktop sidebar, phone bottom bar, and the page in the
 * middle. The shell only lays things out; what goes in the slots is decided where it is used.
 */
export function AppShell({
  onInvite,
  onCopyHouseholdId,
  dialogs,
  notificationsBell,
  houseBalance,
  compactHouseBalance,
  proPaths,
}: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      {/* The first Tab on every page: past the header and the sidebar's links, straight to the page itself. */}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background focus:outline-none"
      >
        Skip to content
      </a>
      <AppHeader onInvite={onInvite} notificationsBell={notificationsBell} proPaths={proPaths} />
      <OfflineBanner />
      <div className="flex flex-1">
        <Sidebar houseBalance={houseBalance} proPaths={proPaths} />
        <main
          id="main"
          // Focusable from the skip link only: focus lands on the page, and the next Tab reaches its first control.
          tabIndex={-1}
          className={
            compactHouseBalance
              ? "min-w-0 flex-1 px-4 pt-6 pb-40 outline-none md:px-8 md:pb-10"
              : "min-w-0 flex-1 px-4 pt-6 pb-24 outline-none md:px-8 md:pb-10"
          }
        >
          <div className="mx-auto w-full max-w-5xl">
            <Outlet />
          </div>
        </main>
      </div>
      <MobileNav onInvite={onCopyHouseholdId} compactHouseBalance={compactHouseBalance} />
      {dialogs}
    </div>
  );
}
