import {
  ChartColumn,
  CirclePlus,
  History,
  House,
  LayoutDashboard,
  PiggyBank,
  Receipt,
  ScrollText,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path, not below it (Fines stays dim on /dashboard/fines/new). */
  end: boolean;
}

export const DASHBOARD_PATH = "/dashboard";
export const RULES_PATH = "/dashboard/rules";
export const FINES_PATH = "/dashboard/fines";
export const NEW_FINE_PATH = "/dashboard/fines/new";
export const HOUSEHOLD_PATH = "/dashboard/household";
/** Issue 17: the fine fund's page, where the House Balance card leads too. */
export const FUND_PATH = "/dashboard/fund";
/** Issue 20: the household's activity log (its page is the activity feature's). */
export const ACTIVITY_PATH = "/dashboard/activity";
/** Issue 20: the household's fine analytics. */
export const INSIGHTS_PATH = "/dashboard/insights";

export const NEW_FINE_ICON = CirclePlus;

const DASHBOARD: NavItem = { to: DASHBOARD_PATH, label: "Dashboard", icon: LayoutDashboard, end: true };
const RULES: NavItem = { to: RULES_PATH, label: "Rules", icon: ScrollText, end: false };
const FINES: NavItem = { to: FINES_PATH, label: "Fines", icon: Receipt, end: true };
/** Issue 20's two pages: in the sidebar after the Fund, and in the avatar menu beside the Household on the phone. */
export const ACTIVITY: NavItem = { to: ACTIVITY_PATH, label: "Activity", icon: History, end: true };
export const INSIGHTS: NavItem = { to: INSIGHTS_PATH, label: "Insights", icon: ChartColumn, end: true };

/**
 * The sidebar's places: SPEC §2's three, then the Fund (issue 17), Activity and Insights (issue 20) and the
 * Household's settings (issue 16).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  DASHBOARD,
  RULES,
  FINES,
  { to: FUND_PATH, label: "Fund", icon: PiggyBank, end: true },
  ACTIVITY,
  INSIGHTS,
  { to: HOUSEHOLD_PATH, label: "Household", icon: House, end: true },
];

/** One place on the phone's bottom bar: a page, the raised New Fine, or Invite (which copies the household ID). */
export type MobileBarItem = { kind: "place"; item: NavItem } | { kind: "new-fine" } | { kind: "invite" };

/**
 * SPEC §2's bottom bar, in its order word for word: Dashboard, Rules, Fines, New Fine, Invite. New Fine, the action
 * most often taken, is fourth: under a right thumb. The Fund is the House Balance above the bar; the Household, Activity
 * and Insights are the avatar menu's (decisions 036 and 043).
 */
export const MOBILE_BAR: readonly MobileBarItem[] = [
  { kind: "place", item: DASHBOARD },
  { kind: "place", item: RULES },
  { kind: "place", item: FINES },
  { kind: "new-fine" },
  { kind: "invite" },
];
