import { useEffect } from "react";
import type { ReceiptState } from "@/features/fund/components/proposals/proposals-viewer";
import { ImageUploadField } from "@/features/storage/components/image-upload-field";
import { useImageUploads } from "@/features/storage/hooks/use-image-uploads";

/** One receipt photo, uploaded as it is picked into the `receipts` category (issue 17's spending proposals). */
export function FundReceiptPicker({ id, onChange }: { id: string; onChange: (receipt: ReceiptState) => void }) {
  const uploads = useImageUploads("receipts", 1);
  const receiptUrl = uploads.publicUrls[0];
  const { isUploading } = uploads;
  useEffect(() => onChange({ receiptUrl, isUploading }), [onChange, receiptUrl, isUploading]);
  return <ImageUploadField id={id} uploads={uploads} />;
}
