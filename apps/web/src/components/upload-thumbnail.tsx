import { thumbnailUrl } from "@housemate/contract";
import { serverUrl } from "@/lib/server-origin";
import { cn } from "@/lib/utils";

export interface UploadThumbnailProps {
  /** The upload's address (its publicUrl): the thumbnail's is made from it. */
  url: string;
  /** Its side in CSS pixels: its width and height attributes, so nothing moves while it loads (a class may widen it). */
  size: number;
  className?: string;
}

/**
 * An uploaded image drawn small, in a list or on a card: its thumbnail (128 px square, docs/decisions/040), never the
 * whole photo. Decorative: the control around it names what it opens.
 */
export function UploadThumbnail({ url, size, className }: UploadThumbnailProps) {
  return (
    <img
      src={serverUrl(thumbnailUrl(url))}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
      className={cn("shrink-0 bg-muted object-cover", className)}
    />
  );
}
