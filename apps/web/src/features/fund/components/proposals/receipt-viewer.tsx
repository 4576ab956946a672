import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { UploadThumbnail } from "@/components/upload-thumbnail";
import { serverUrl } from "@/lib/server-origin";

export interface ReceiptViewerProps {
  title: string;
  receiptUrl: string;
}

/** A proposal's receipt: its thumbnail on the card, the full photo in a viewer, as a fine's evidence opens. */
export function ReceiptViewer({ title, receiptUrl }: ReceiptViewerProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="size-16 shrink-0 overflow-hidden rounded-md border bg-muted outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`View receipt for ${title}`}
        >
          <UploadThumbnail url={receiptUrl} size={64} />
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Receipt</DialogTitle>
          <DialogDescription>{`The photo attached to "${title}".`}</DialogDescription>
        </DialogHeader>
        <a
          href={serverUrl(receiptUrl)}
          target="_blank"
          rel="noreferrer"
          className="block overflow-hidden rounded-md border bg-muted"
        >
          <img
            src={serverUrl(receiptUrl)}
            alt={`Receipt for ${title}`}
            className="max-h-[70vh] w-full object-contain"
          />
        </a>
      </DialogContent>
    </Dialog>
  );
}
