import { CirclePlus, House, LayoutDashboard, PiggyBank, Receipt, ScrollText, type LucideIcon } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path, not below it (Fines stays dim on /dashboard/fines/new). */
  end: boolean;
}

export const HOUSEHOLD_PATH = "/dashboard/household";
/** Issue 17: the fine fund's page, where the House Balance card leads too. */
export const FUND_PATH = "/dashboard/fund";

/** SPEC §2 Signed-in shell: the places both the sidebar and the bottom bar lead to. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/dashboard/rules", label: "Rules", icon: ScrollText, end: false },
  { to: "/dashboard/fines", label: "Fines", icon: Receipt, end: true },
  // Issue 17: the fund's balance, history and spending proposals.
  { to: FUND_PATH, label: "Fund", icon: PiggyBank, end: true },
  // Issue 16: the household's settings, members, ID and invite links.
  { to: HOUSEHOLD_PATH, label: "Household", icon: House, end: true },
];

export const NEW_FINE_PATH = "/dashboard/fines/new";
export const NEW_FINE_ICON = CirclePlus;
