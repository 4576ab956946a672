import type { Fine } from "@housemate/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { AppealDetails } from "./appeal-details";
import { FineEditHistory } from "./fine-edit-history";
import { FineItem, type FineItemProps } from "./fine-item";

export interface FineDetailsDialogProps {
  fine: Fine;
  disputeFor: FineItemProps["disputeFor"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2 'Fine Details': the whole fine, what the viewer may do with it, its appeal, and the issuer's changes to it. */
export function FineDetailsDialog({ fine, disputeFor, open, onOpenChange }: FineDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Fine Details</DialogTitle>
          <DialogDescription className="sr-only">Everything about this fine.</DialogDescription>
        </DialogHeader>
        <FineDetailsBody fine={fine} disputeFor={disputeFor} />
      </DialogContent>
    </Dialog>
  );
}

/** What 'Fine Details' shows of the fine, for a dialog that shows something else first (the Activity page's). */
export function FineDetailsBody({ fine, disputeFor }: Pick<FineDetailsDialogProps, "fine" | "disputeFor">) {
  return (
    <>
      <FineItem fine={fine} disputeFor={disputeFor} />
      <AppealDetails fine={fine} />
      <FineEditHistory fine={fine} />
    </>
  );
}
