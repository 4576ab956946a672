import { useState } from "react";
import { Avatar } from "@/components/avatar";
import { useAuthStore } from "@/lib/auth/auth-store";

type AccountMenuModule = typeof import("./account-menu");
const loadAccountMenu = () => import("./account-menu");
/** Fetched ahead of the press; a failure shows when the press asks for it. */
const prefetch = () => void loadAccountMenu().catch(() => undefined);

/** The avatar button's look, the same before and after the menu has loaded. */
export const ACCOUNT_BUTTON_CLASS =
  "rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/**
 * SPEC §2 Signed-in shell: the avatar that opens the account menu (account-menu.tsx). The menu is Radix's, with its
 * positioning: 12 kB on a phone's first load of every signed-in screen, for a menu opened now and then (issue 14).
 * Until it is wanted the avatar is a plain button; pointing at it or focusing it fetches the menu, pressing it opens
 * the menu as soon as it is there.
 */
export function UserMenu({ proPaths }: { proPaths?: ReadonlySet<string> | undefined }) {
  const currentUser = useAuthStore((state) => state.currentUser);
  const [menu, setMenu] = useState<AccountMenuModule | null>(null);
  const [opened, setOpened] = useState(false);
  if (!currentUser) return null;
  if (menu) return <menu.AccountMenu currentUser={currentUser} defaultOpen={opened} proPaths={proPaths} />;

  function open() {
    setOpened(true);
    loadAccountMenu().then(setMenu, (error: unknown) => console.warn("The account menu is unavailable", error));
  }

  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={ACCOUNT_BUTTON_CLASS}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    >
      <Avatar displayName={currentUser.display_name} photoUrl={currentUser.photo_url} initialsAsPicture />
    </button>
  );
}
