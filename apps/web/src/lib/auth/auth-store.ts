import { toast } from "sonner";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { LOGIN_SENT_MESSAGE, type LoginBody } from "@housemate/contract";
import { onSessionExpired } from "@/lib/api-client";
import { finishBeforeSignOut } from "@/lib/before-sign-out";
import { isOnline } from "@/lib/network";
import { personName } from "@/lib/person-name";
import { forgetPendingInvite, savePendingInvite } from "@/lib/pending-invite";
import { queryClient } from "@/lib/query-client";
import { getCurrentUser } from "./get-current-user";
import { logoutSession } from "./logout";
import { requestMagicLink } from "./request-magic-link";
import { clearSession, restoreSession, saveSession, saveUser, STORAGE_KEYS } from "./session-storage";
import { applyUserChanges, type SessionUser, type UserChanges } from "./session-user";

export interface AuthState {
  currentUser: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the start-up check has run, and while a magic link is being requested. */
  isLoading: boolean;
  /** Sends the sign-in email; resolves false (after the error toast) when it could not be sent. */
  requestMagicLink: (request: LoginBody) => Promise<boolean>;
  /** Trades an emailed token for a session. Once per token: a second call gets the first call's answer. */
  verify: (token: string) => Promise<{ user: SessionUser; needsOnboarding: boolean }>;
  logout: () => Promise<void>;
  /** SPEC §4 auth check on start, from local storage; then confirms the session in the background. */
  checkAuth: () => void;
  /**
   * Asks the server for the signed-in user: a session revoked elsewhere ends here at once (401), and
   * changes made on another device (a household joined) reach this one.
   */
  confirmSession: () => Promise<void>;
  updateUser: (changes: UserChanges) => void;
  /** Forgets the session on this device only (the server already refused it). */
  signOutLocally: () => void;
  /**
   * True while this device deletes its own account. The server ends every session of it, so a 401 or a
   * closed socket meanwhile is expected, and must not send the person to /login ahead of the farewell on /.
   */
  isLeaving: boolean;
  /** Marks the deletion started (true) or failed (false); signing out here ends it too. */
  setLeaving: (leaving: boolean) => void;
}

/** The persisted slice under 'auth-storage' (SPEC §3: only these two). */
export const AUTH_STORAGE_KEY = "auth-storage";

// A magic link works once; React StrictMode and remounts must not spend it twice.
const verifications = new Map<string, ReturnType<AuthState["verify"]>>();

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      currentUser: null,
      isAuthenticated: false,
      isLoading: true,
      isLeaving: false,

      async requestMagicLink(request) {
        set({ isLoading: true });
        try {
          await requestMagicLink(request);
          localStorage.setItem(STORAGE_KEYS.emailForSignIn, request.email);
          toast.success("Magic link sent!", { description: LOGIN_SENT_MESSAGE });
          return true;
        } catch {
          toast.error("Error", { description: "Failed to send magic link" });
          return false;
        } finally {
          set({ isLoading: false });
        }
      },

      verify(token) {
        const pending = verifications.get(token);
        if (pending) return pending;
        // Its code checks the answer's invite with the contract's schema: loaded here, only /auth/verify needs it,
        // and the signed-in shell this store is part of stays without a schema library (decision 033).
        const verification = import("./verify-magic-link")
          .then(({ verifyMagicLink }) => verifyMagicLink(token))
          .then(({ token: sessionToken, expires, user, needsOnboarding, invite }) => {
            saveSession({ token: sessionToken, expires, user });
            // Onboarding offers it to confirm or decline (decision 021); a link without one clears an old one.
            if (invite) savePendingInvite(invite);
            else forgetPendingInvite();
            set({ currentUser: user, isAuthenticated: true, isLoading: false });
            // A name made from the address is no one's name: the address says who this is until they choose one.
            const shownAs = user.display_name_chosen ? personName(user) : user.email;
            toast.success("Welcome!", { description: `Logged in as ${shownAs}` });
            return { user, needsOnboarding };
          });
        verifications.set(token, verification);
        return verification;
      },

      async logout() {
        await finishBeforeSignOut();
        try {
          // Offline there is no server to tell (issue 22): the session is ended here all the same.
          if (isOnline()) await logoutSession();
        } catch {
          // Signed out here whatever the server says (SPEC §4).
        }
        get().signOutLocally();
        toast.success("Logged out", { description: "You have been logged out successfully" });
      },

      checkAuth() {
        const user = restoreSession();
        set({ currentUser: user, isAuthenticated: user !== null, isLoading: false });
        if (user) void get().confirmSession();
      },

      async confirmSession() {
        const { currentUser } = get();
        // Offline (the app opened from the service worker), the local session stands until the next start.
        if (!currentUser || !isOnline()) return;
        try {
          const fresh = await getCurrentUser();
          const shown = get().currentUser;
          if (shown?.id !== fresh.id) return;
          // Unchanged, as it usually is, the store is left alone: a new user object re-renders every screen that
          // reads the user, and one arriving while React renders the first screen in slices makes it throw those
          // slices away and render everything again in one task (a store changed mid-render; issue 14).
          if (JSON.stringify(fresh) === JSON.stringify(shown)) return;
          saveUser(fresh);
          set({ currentUser: fresh });
        } catch {
          // A 401 has already signed the user out (see onSessionExpired); offline, the local session stands.
        }
      },

      updateUser(changes) {
        const { currentUser } = get();
        if (!currentUser) return;
        const updated = applyUserChanges(currentUser, changes);
        saveUser(updated);
        set({ currentUser: updated });
      },

      signOutLocally() {
        clearSession();
        forgetPendingInvite();
        // The next person on this device must not see the last one's cached household data.
        queryClient.clear();
        set({ currentUser: null, isAuthenticated: false, isLoading: false, isLeaving: false });
      },

      setLeaving(leaving) {
        set({ isLeaving: leaving });
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ currentUser, isAuthenticated }) => ({ currentUser, isAuthenticated }),
    },
  ),
);

onSessionExpired(() => {
  const { isLeaving, signOutLocally } = useAuthStore.getState();
  if (!isLeaving) signOutLocally();
});

// Signed out in another tab of this browser (SPEC §3's local keys are shared): this one follows at once, so it neither
// shows that person's data nor saves their last-seen copy back when it is closed (decision 053). `key` is null when
// the whole storage was cleared.
if (typeof window !== "undefined") {
  window.addEventListener("storage", ({ key, newValue, storageArea }) => {
    if (storageArea !== localStorage || (key !== null && key !== STORAGE_KEYS.authToken) || newValue !== null) return;
    if (useAuthStore.getState().currentUser) useAuthStore.getState().signOutLocally();
  });
}

// SPEC §4 'Auth status is checked on app start': the store is created when the app first needs it.
useAuthStore.getState().checkAuth();
