import type { ReactElement } from "react";
import { Images } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { UploadThumbnail } from "@/components/upload-thumbnail";
import { serverUrl } from "@/lib/server-origin";
import { cn } from "@/lib/utils";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

export interface EvidenceViewerProps {
  evidence: Fine["evidence"];
  /** A square trigger for tight rows: the first photo's thumbnail, or an icon for a note alone. */
  compact?: boolean;
}

const photoCount = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** How many photos the full card's button shows; its words say how many there are in all. */
const CARD_THUMBNAILS = 3;

/**
 * What opens the viewer: in a tight row, the first photo's thumbnail (or an icon for a note alone); on the full card,
 * on a line of its own, up to CARD_THUMBNAILS thumbnails and how many photos there are.
 */
function trigger(images: string[], compact: boolean): ReactElement {
  const [first] = images;
  if (compact) {
    return first ? (
      <Button variant="outline" size="icon" className="size-8 overflow-hidden p-0" aria-label="View evidence">
        <UploadThumbnail url={first} size={32} className="size-full" />
      </Button>
    ) : (
      <Button variant="ghost" size="icon" className="size-8" aria-label="View evidence">
        <Images aria-hidden="true" />
      </Button>
    );
  }
  if (!first) {
    return (
      <Button variant="outline" size="sm" className="self-start">
        <Images aria-hidden="true" />
        View evidence
      </Button>
    );
  }
  return (
    <Button variant="outline" className="h-auto max-w-full justify-start gap-3 self-start py-1 pr-3 pl-1 text-left">
      <span className="flex gap-1">
        {images.slice(0, CARD_THUMBNAILS).map((url) => (
          <UploadThumbnail key={url} url={url} size={40} className="rounded-sm" />
        ))}
      </span>
      <span className="whitespace-normal">{`View evidence (${photoCount(images.length)})`}</span>
    </Button>
  );
}

/**
 * SPEC §2: anyone who sees a fine with evidence can look at its images and note. The card shows the photos'
 * thumbnails; the viewer, opened from them, the photos themselves (docs/decisions/040).
 */
export function EvidenceViewer({ evidence, compact = false }: EvidenceViewerProps) {
  const images = evidence?.images ?? [];
  const note = evidence?.note?.trim() ?? "";
  if (images.length === 0 && !note) return null;

  return (
    <Dialog>
      <DialogTrigger asChild>{trigger(images, compact)}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Evidence</DialogTitle>
          <DialogDescription>What the issuer attached to this fine.</DialogDescription>
        </DialogHeader>
        {note && (
          <blockquote className="rounded-md border-l-4 border-primary bg-muted px-4 py-3 text-sm whitespace-pre-line">
            {note}
          </blockquote>
        )}
        {images.length > 0 && (
          <ul className={cn("grid grid-cols-1 gap-3", images.length > 1 && "sm:grid-cols-2")}>
            {images.map((url, index) => (
              <li key={url}>
                <a
                  href={serverUrl(url)}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-md border bg-muted"
                >
                  {/* The photo itself, in a box of fixed height whatever its shape, so the dialog keeps its size. */}
                  <img
                    src={serverUrl(url)}
                    alt={`Evidence photo ${index + 1}`}
                    className="h-72 w-full object-contain"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
