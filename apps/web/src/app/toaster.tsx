import { Toaster } from "sonner";

/**
 * The one toast outlet (SPEC §9 toast defaults), below the 64 px sticky header so a toast never hides
 * the bell or the avatar menu. The root layout mounts it lazily, so it outlives every route change
 * (a toast raised just before leaving for '/' still shows) without weighing on the landing bundle.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, left: 8, right: 8 }}
      richColors
      closeButton
      visibleToasts={3}
      duration={5000}
      theme="system"
    />
  );
}

export default AppToaster;
