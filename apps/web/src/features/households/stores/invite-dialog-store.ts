import { create } from "zustand";

/** SPEC §3 client UI state for the invite dialog. The link itself is never stored beyond the dialog. */
export interface InviteDialogState {
  isOpen: boolean;
  inviteLink: string;
  isGenerating: boolean;
  isCopied: boolean;
  open: () => void;
  setInviteLink: (inviteLink: string) => void;
  setGenerating: (isGenerating: boolean) => void;
  setCopied: (isCopied: boolean) => void;
  /** SPEC §4 UI state: closes the dialog and clears the link, generating and copied flags. */
  reset: () => void;
}

const closed = { isOpen: false, inviteLink: "", isGenerating: false, isCopied: false };

export const useInviteDialogStore = create<InviteDialogState>()((set) => ({
  ...closed,
  open: () => set({ isOpen: true }),
  setInviteLink: (inviteLink) => set({ inviteLink }),
  setGenerating: (isGenerating) => set({ isGenerating }),
  setCopied: (isCopied) => set({ isCopied }),
  reset: () => set(closed),
}));

/** Opens the invite dialog from anywhere (the header button, say). */
export const openInviteDialog = () => useInviteDialogStore.getState().open();
