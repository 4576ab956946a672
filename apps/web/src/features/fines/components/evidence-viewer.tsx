import { Images } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
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
  /** Icon-only trigger for tight rows. */
  compact?: boolean;
}

const photoCount = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** SPEC §2: anyone who sees a fine with evidence can look at its images and note. */
export function EvidenceViewer({ evidence, compact = false }: EvidenceViewerProps) {
  const images = evidence?.images ?? [];
  const note = evidence?.note?.trim() ?? "";
  if (images.length === 0 && !note) return null;

  return (
    <Dialog>
      <DialogTrigger asChild>
        {compact ? (
          <Button variant="ghost" size="icon" className="size-8" aria-label="View evidence">
            <Images aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <Images aria-hidden="true" />
            View evidence{images.length > 0 ? ` (${photoCount(images.length)})` : ""}
          </Button>
        )}
      </DialogTrigger>
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
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-md border bg-muted"
                >
                  <img
                    src={url}
                    alt={`Evidence photo ${index + 1}`}
                    className="max-h-72 w-full object-contain"
                    loading="lazy"
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
