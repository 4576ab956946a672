import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Camera } from "lucide-react";
import { toast } from "sonner";
import { IMAGE_TYPES, imageTypeSchema } from "@housemate/contract";
import { Avatar } from "@/components/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CropArea } from "../utils/crop-image";
import { AvatarCropDialog } from "./avatar-crop-dialog";

export interface AvatarCardProps {
  displayName: string;
  photoUrl: string | null;
  isSaving: boolean;
  /** Crops, uploads and saves; resolves whether it worked (the toasts are the caller's). */
  onSave: (crop: { source: string; area: CropArea }) => Promise<boolean>;
}

const canPreview = () => typeof URL.createObjectURL === "function";

/** SPEC §2 Profile avatar flow, first steps: pick a picture, then crop it in a dialog. */
export function AvatarCard({ displayName, photoUrl, isSaving, onSave }: AvatarCardProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);

  // The picked picture lives in memory until the dialog is done with it.
  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked twice in a row must fire a change again.
    event.target.value = "";
    if (!file || !canPreview()) return;
    const type = imageTypeSchema.safeParse(file.type);
    if (!type.success) {
      toast.error("Failed to upload file. Please try again.", { description: type.error.issues[0]?.message });
      return;
    }
    setSource(URL.createObjectURL(file));
  }

  async function save(area: CropArea) {
    if (!source) return;
    if (await onSave({ source, area })) setSource(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Picture</CardTitle>
        <CardDescription>Your housemates see it next to your name.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <Avatar
          displayName={displayName}
          photoUrl={photoUrl}
          fullPhoto
          className="size-28 text-3xl"
          data-testid="profile-avatar"
        />
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          aria-label="Choose a profile picture"
          className="sr-only"
          tabIndex={-1}
          onChange={pick}
        />
        <Button needsServer variant="outline" onClick={() => input.current?.click()} disabled={isSaving}>
          <Camera aria-hidden="true" />
          {isSaving ? "Uploading..." : "Change Avatar"}
        </Button>
      </CardContent>
      <AvatarCropDialog
        key={source ?? "closed"}
        source={source}
        isSaving={isSaving}
        onCancel={() => setSource(null)}
        onSave={(area) => void save(area)}
      />
    </Card>
  );
}
