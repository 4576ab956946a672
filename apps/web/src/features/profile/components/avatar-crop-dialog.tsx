import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import type { CropArea } from "../utils/crop-image";

/** SPEC §9: zoom 1 to 3 in steps of 0.1. */
export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;

export interface AvatarCropDialogProps {
  /** The picked picture (an object URL); the dialog is open while there is one. */
  source: string | null;
  isSaving: boolean;
  onCancel: () => void;
  onSave: (area: CropArea) => void;
}

/** SPEC §5 avatar crop: a round, square (1:1) guide over the picture, dragged into place and zoomed. */
export function AvatarCropDialog({ source, isSaving, onCancel, onSave }: AvatarCropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog open={source !== null} onOpenChange={(open) => !open && !isSaving && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Crop Avatar</DialogTitle>
          <DialogDescription>Drag the picture to place it in the circle, and zoom to fit.</DialogDescription>
        </DialogHeader>
        <div className="relative h-72 w-full overflow-hidden rounded-md bg-muted sm:h-80">
          {source && (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              minZoom={ZOOM.min}
              maxZoom={ZOOM.max}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_percentages, pixels) => setArea(pixels)}
              mediaProps={{ alt: "The picture being cropped" }}
            />
          )}
        </div>
        <div className="flex items-center gap-3">
          <ZoomOut className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Label htmlFor="avatar-zoom" className="sr-only">
            Zoom
          </Label>
          <input
            id="avatar-zoom"
            type="range"
            min={ZOOM.min}
            max={ZOOM.max}
            step={ZOOM.step}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="h-2 w-full cursor-pointer accent-primary"
          />
          <ZoomIn className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={() => area && onSave(area)} disabled={!area || isSaving}>
            {isSaving ? "Saving..." : "Save Avatar"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
