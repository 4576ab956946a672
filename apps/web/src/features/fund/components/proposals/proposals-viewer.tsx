import { createContext, useContext, type ComponentType } from "react";

/** What the propose dialog gets back from its receipt field: the finished upload's address, and whether one is on its way. */
export interface ReceiptState {
  receiptUrl: string | undefined;
  isUploading: boolean;
}

/** The receipt photo field of the propose dialog: an image picker that uploads as a receipt (one image). */
export type ReceiptPicker = ComponentType<{ id: string; onChange: (receipt: ReceiptState) => void }>;

/**
 * Who is looking at the proposals and how to name things: the signed-in member, the household's currency, member
 * names, and the receipt picker. The app layer provides it (it knows the session, the household and uploads), so this
 * feature imports neither, as the fines feature's FineViewer does.
 */
export interface ProposalsViewer {
  userId: string;
  /** ISO 4217 code of the household. */
  currency: string;
  /** A member's name; 'Former member' for someone who left or whose account is gone. */
  memberName: (userId: string | null) => string;
  ReceiptPicker: ReceiptPicker;
}

const ProposalsViewerContext = createContext<ProposalsViewer | null>(null);

export const ProposalsViewerProvider = ProposalsViewerContext.Provider;

export function useProposalsViewer(): ProposalsViewer {
  const viewer = useContext(ProposalsViewerContext);
  if (!viewer) throw new Error("useProposalsViewer needs a ProposalsViewerProvider above it");
  return viewer;
}
