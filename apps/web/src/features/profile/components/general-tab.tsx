import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { useUpdateProfile } from "@/lib/auth/update-profile";
import { useAvatarChange, type UploadImage } from "../hooks/use-avatar-change";
import { AvatarCard } from "./avatar-card";
import { AwayCard } from "./away-card";
import { DisplayNameForm } from "./display-name-form";

export interface GeneralTabProps {
  /** Stores a picture as a profile picture and resolves to its address. */
  uploadImage: UploadImage;
  /** Called after any profile change is saved, so other places showing the person refresh. */
  onProfileSaved?: () => void;
}

/** Profile → General (SPEC §2): the display name and the avatar flow; away mode (issue 22). */
export function GeneralTab({ uploadImage, onProfileSaved }: GeneralTabProps) {
  const user = useAuthStore((state) => state.currentUser);
  const profile = useUpdateProfile(onProfileSaved);
  const avatar = useAvatarChange(uploadImage, onProfileSaved);
  if (!user) return null;

  function saveName(displayName: string) {
    profile.mutate(
      { display_name: displayName },
      {
        onSuccess: () => toast.success("Profile updated"),
        onError: () => toast.error("Update failed", { description: "Failed to update profile. Please try again." }),
      },
    );
  }

  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <AvatarCard
        displayName={user.display_name}
        photoUrl={user.photo_url}
        isSaving={avatar.isPending}
        onSave={(crop) =>
          avatar.mutateAsync(crop).then(
            () => true,
            () => false,
          )
        }
      />
      <DisplayNameForm
        key={user.display_name}
        displayName={user.display_name}
        email={user.email}
        isSaving={profile.isPending}
        onSave={saveName}
      />
      <div className="md:col-start-2">
        <AwayCard awayUntil={user.away_until} awayEndsAt={user.away_ends_at} onSaved={onProfileSaved} />
      </div>
    </div>
  );
}
