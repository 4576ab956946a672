import { useState, type ComponentProps } from "react";
import { thumbnailUrl } from "@housemate/contract";
import { avatarColor, avatarInitials } from "@/lib/avatar";
import { cn } from "@/lib/utils";

export type AvatarProps = Omit<ComponentProps<"span">, "children"> & {
  displayName: string | null | undefined;
  photoUrl?: string | null | undefined;
  /** Drawn larger than a thumbnail (the profile's own picture): the whole photo, not its thumbnail. */
  fullPhoto?: boolean;
};

/**
 * A housemate's picture (SPEC §3 Avatar): their photo when they have one that loads, otherwise their
 * initials on their own colour. Size it with a `size-*` class; the initials scale with the font size.
 * The photo is the upload's 128 px thumbnail unless `fullPhoto`: a 36 px avatar is sharp with it on a 3× screen.
 */
export function Avatar({ displayName, photoUrl, fullPhoto = false, className, ...props }: AvatarProps) {
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
          src={fullPhoto ? photoUrl : thumbnailUrl(photoUrl)}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(photoUrl)}
        />
      ) : (
        <span aria-hidden="true">{avatarInitials(displayName)}</span>
      )}
    </span>
  );
}
