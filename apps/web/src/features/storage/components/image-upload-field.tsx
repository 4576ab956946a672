import { useRef, useState, type ChangeEvent } from "react";
import { CircleAlert, ImagePlus, X } from "lucide-react";
import { IMAGE_FILE_MESSAGE, IMAGE_TYPES, isUploadableImage } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import type { ImageUploads, PickedImage } from "../hooks/use-image-uploads";

export interface ImageUploadFieldProps {
  id: string;
  uploads: ImageUploads;
  disabled?: boolean;
}

function Thumbnail({ image, onRemove }: { image: PickedImage; onRemove: () => void }) {
  return (
    <li className="group relative size-20 overflow-hidden rounded-md border bg-muted">
      {image.previewUrl ? (
        <img src={image.previewUrl} alt={image.name} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center p-1 text-center text-[10px] break-all text-muted-foreground">
          {image.name}
        </span>
      )}
      {image.status === "uploading" && (
        <span className="absolute inset-0 flex items-center justify-center bg-background/70">
          <Spinner label={`Uploading ${image.name}`} className="size-5" />
        </span>
      )}
      {image.status === "failed" && (
        <span className="absolute inset-0 flex items-center justify-center bg-destructive/70 text-destructive-foreground">
          <CircleAlert className="size-5" aria-hidden="true" />
          <span className="sr-only">Upload failed</span>
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        className="absolute top-1 right-1 rounded-full bg-background/90 p-0.5 shadow-sm outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Remove ${image.name}`}
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Pick images (images only), upload each at once and show its thumbnail and progress. */
export function ImageUploadField({ id, uploads, disabled }: ImageUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const full = uploads.images.length >= uploads.max;
  const [refused, setRefused] = useState(false);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    const files = picked.filter(isUploadableImage);
    // A file left out silently looks like a picker that did nothing; say why (it would be refused by the server).
    setRefused(files.length < picked.length);
    uploads.add(files);
    // The same file may be picked again after it was removed.
    event.target.value = "";
  }

  return (
    <div className="flex flex-col gap-3">
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        multiple
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${id}-refused` : undefined}
        className="sr-only"
        disabled={disabled || full}
        onChange={pick}
      />
      {refused && (
        <p id={`${id}-refused`} role="alert" className="text-sm text-destructive">
          {IMAGE_FILE_MESSAGE}
        </p>
      )}
      {uploads.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Picked images">
          {uploads.images.map((image) => (
            <Thumbnail key={image.id} image={image} onRemove={() => uploads.remove(image.id)} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || full}
          onClick={() => input.current?.click()}
          aria-controls={id}
        >
          <ImagePlus aria-hidden="true" />
          Add images
        </Button>
        <span className={cn("text-xs text-muted-foreground", full && "text-foreground")}>
          {uploads.images.length} of {uploads.max} · JPEG, PNG, WebP or GIF up to 5 MB
        </span>
      </div>
    </div>
  );
}
