import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { UploadCategory } from "@housemate/contract";
import { errorMessage } from "@/lib/error-message";
import { uploadFile } from "../api/upload-file";

export type UploadStatus = "uploading" | "done" | "failed";

export interface PickedImage {
  id: string;
  name: string;
  /** A local preview while (and after) the file uploads; undefined where the browser cannot make one. */
  previewUrl: string | undefined;
  status: UploadStatus;
  publicUrl: string | undefined;
}

export interface ImageUploads {
  images: PickedImage[];
  /** Starts uploading each picked image at once; files past `max` are left out. */
  add: (files: Iterable<File>) => void;
  remove: (id: string) => void;
  /** The served addresses of every finished upload, in the order picked. */
  publicUrls: string[];
  isUploading: boolean;
  max: number;
}

const preview = (file: File) => (typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : undefined);
const release = (url: string | undefined) => {
  if (url && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
};

let nextId = 0;

/** Picked images uploaded straight away into `category`, each with its own status (SPEC §8 upload toasts). */
export function useImageUploads(category: UploadCategory, max: number): ImageUploads {
  const [images, setImages] = useState<PickedImage[]>([]);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach(release);
  }, []);

  const update = useCallback((id: string, changes: Partial<PickedImage>) => {
    setImages((current) => current.map((image) => (image.id === id ? { ...image, ...changes } : image)));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const room = Math.max(0, max - images.length);
      for (const file of [...files].slice(0, room)) {
        const image: PickedImage = {
          id: `upload-${++nextId}`,
          name: file.name,
          previewUrl: preview(file),
          status: "uploading",
          publicUrl: undefined,
        };
        if (image.previewUrl) previews.current.add(image.previewUrl);
        setImages((current) => [...current, image]);
        uploadFile(file, category).then(
          (publicUrl) => update(image.id, { status: "done", publicUrl }),
          (error: unknown) => {
            update(image.id, { status: "failed" });
            toast.error("Failed to upload file. Please try again.", {
              description: errorMessage(error, "Upload failed"),
            });
          },
        );
      }
    },
    [category, images.length, max, update],
  );

  const remove = useCallback((id: string) => {
    setImages((current) => {
      const gone = current.find((image) => image.id === id);
      release(gone?.previewUrl);
      return current.filter((image) => image.id !== id);
    });
  }, []);

  return useMemo(
    () => ({
      images,
      add,
      remove,
      publicUrls: images.flatMap((image) => (image.status === "done" && image.publicUrl ? [image.publicUrl] : [])),
      isUploading: images.some((image) => image.status === "uploading"),
      max,
    }),
    [images, add, remove, max],
  );
}
