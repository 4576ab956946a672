import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/error-message";
import { useUpdateProfile } from "@/lib/auth/update-profile";
import { cropToJpeg, type CropArea } from "../utils/crop-image";

/** Stores one picture and resolves to the address it is served from (the storage API's two steps). */
export type UploadImage = (file: File) => Promise<string>;

export interface AvatarCrop {
  /** The picked picture, as a local object URL. */
  source: string;
  area: CropArea;
}

/**
 * SPEC §4 'Profile avatar flow': the crop becomes a JPEG, is uploaded as a profile picture, and the
 * profile is updated with its address. Each step's failure is told with SPEC §8's toasts.
 */
export function useAvatarChange(uploadImage: UploadImage, onSaved?: () => void) {
  const profile = useUpdateProfile(onSaved);
  return useMutation({
    mutationFn: async ({ source, area }: AvatarCrop) => {
      const picture = await cropToJpeg(source, area);
      let photoUrl: string;
      try {
        photoUrl = await uploadImage(new File([picture], "avatar.jpg", { type: "image/jpeg" }));
      } catch (error) {
        // The storage step names its own reason ('Failed to get upload configuration.', the server's text, …).
        toast.error("Failed to upload file. Please try again.", { description: errorMessage(error, "Upload failed") });
        throw error;
      }
      return profile.mutateAsync({ photo_url: photoUrl });
    },
    onSuccess: () => toast.success("Avatar updated"),
    onError: () => toast.error("Upload failed", { description: "Failed to upload avatar. Please try again." }),
  });
}
