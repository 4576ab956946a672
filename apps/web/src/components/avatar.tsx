import { useState, type ComponentProps } from "react";
import { thumbnailUrl } from "@housemate/contract";
import { avatarColor, avatarInitials } from "@/lib/avatar";
import { serverUrl } from "@/lib/server-origin";
import { cn } from "@/lib/utils";

export type AvatarProps = Omit<ComponentProps<"span">, "children"> & {
  displayName: string | null | undefined;
  photoUrl?: string | null | undefined;
  /** Drawn larger than a thumbnail (the profile's own picture): the whole photo, not its thumbnail. */
  fullPhoto?: boolean;
  /**
   * Inside a control with a name of its own ('Account menu'): the initials are drawn (CSS generated content) rather
   * than written, as the photo would be, so the control's visible text does not contradict its name (WCAG 2.5.3).
   */
  initialsAsPicture?: boolean;
};

/**
 * A housemate's picture (SPEC §3 Avatar): their photo when they have one that loads, otherwise their
 * initials on their own colour. Size it with a `size-*` class; the initials scale with the font size.
 * The photo is the upload's 128 px thumbnail unless `fullPhoto`: a 36 px avatar is sharp with it on a 3× screen.
 */
export function Avatar({
  displayName,
  photoUrl,
  fullPhoto = false,
  initialsAsPicture = false,
  className,
  ...props
}: AvatarProps) {
  // Remember which address failed, so a new photo gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = Boolean(photoUrl) && photoUrl !== failedUrl;

  return (
    <span
      role="img"
      aria-label={displayName || "Unknown user"}
      className={cn(
        "relative inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full text-sm font-semibold",
        !showPhoto && avatarColor(displayName),
        className,
      )}
      {...props}
    >
      {showPhoto && photoUrl ? (
        <img
          src={serverUrl(fullPhoto ? photoUrl : thumbnailUrl(photoUrl))}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(photoUrl)}
        />
      ) : initialsAsPicture ? (
        <span
          aria-hidden="true"
          data-initials={avatarInitials(displayName)}
          className="before:content-[attr(data-initials)]"
        />
      ) : (
        <span aria-hidden="true">{avatarInitials(displayName)}</span>
      )}
    </span>
  );
}
