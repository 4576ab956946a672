import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { heldAnswer, respondWith, storeSession } from "@/lib/testing/fake-server";
import { useImageUploads } from "../hooks/use-image-uploads";
import { ImageUploadField } from "./image-upload-field";

const FILE_PATH = "fine-evidence/abcdefghijklmnopqrstuvwxyz012345.png";
const PUBLIC_URL = `http://localhost/files/${FILE_PATH}`;

function Picker({ onUrls }: { onUrls: (urls: string[]) => void }) {
  const uploads = useImageUploads("fine-evidence", 2);
  onUrls(uploads.publicUrls);
  return (
    <>
      <label htmlFor="evidence">Image evidence</label>
      <ImageUploadField id="evidence" uploads={uploads} />
      <Toaster />
    </>
  );
}

const png = (name = "sink.png", size = 10) => new File([new Uint8Array(size)], name, { type: "image/png" });

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("image evidence upload", () => {
  it("says why a file that is not an image, or is over 5 MB, is left out, and sends nothing for it", async () => {
    const server = respondWith({});
    render(<Picker onUrls={vi.fn()} />);
    // The browser's own filter can be bypassed (drag and drop, "All files"), so the picker checks as well.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText("Image evidence"),
      new File(["%PDF"], "lease.pdf", { type: "application/pdf" }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Only JPEG, PNG, WebP or GIF images up to 5 MB");
    expect(screen.getByLabelText("Image evidence")).toHaveAccessibleDescription(
      "Only JPEG, PNG, WebP or GIF images up to 5 MB",
    );

    await user.upload(screen.getByLabelText("Image evidence"), png("huge.png", 5 * 1024 * 1024 + 1));
    expect(screen.getByRole("alert")).toHaveTextContent("Only JPEG, PNG, WebP or GIF images up to 5 MB");
    expect(screen.queryByRole("button", { name: "Remove huge.png" })).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("reserves a path, sends the bytes there and hands back the served address", async () => {
    storeSession();
    const upload = heldAnswer();
    const server = respondWith({
      "POST /api/storage/upload-url": { body: { data: { filePath: FILE_PATH, publicUrl: PUBLIC_URL } } },
      [`PUT /api/storage/upload/${FILE_PATH}`]: upload.route,
    });
    const onUrls = vi.fn();
    render(<Picker onUrls={onUrls} />);
    await userEvent.setup().upload(screen.getByLabelText("Image evidence"), png());

    // A thumbnail with its progress while the bytes travel.
    expect(await screen.findByRole("status", { name: "Uploading sink.png" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove sink.png" })).toBeInTheDocument();
    upload.give({ body: { data: { publicUrl: PUBLIC_URL } } });
    await waitFor(() => expect(screen.queryByRole("status", { name: "Uploading sink.png" })).not.toBeInTheDocument());
    expect(onUrls).toHaveBeenLastCalledWith([PUBLIC_URL]);

    expect(server.bodies[0]).toEqual({
      fileName: "sink.png",
      fileType: "image/png",
      fileSize: 10,
      category: "fine-evidence",
    });
    const put = server.requests[1];
    expect(put?.method).toBe("PUT");
    expect(put?.headers.get("Content-Type")).toBe("image/png");
    expect(put?.headers.get("Authorization")).toBe("Bearer session-token");
    expect(screen.getByText("1 of 2 · JPEG, PNG, WebP or GIF up to 5 MB")).toBeInTheDocument();
  });

  it("accepts images only", () => {
    render(<Picker onUrls={() => undefined} />);
    expect(screen.getByLabelText("Image evidence")).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/gif",
    );
  });

  it("says 'Failed to get upload configuration.' when the server gives no path", async () => {
    storeSession();
    respondWith({ "POST /api/storage/upload-url": { body: { data: {} } } });
    render(<Picker onUrls={() => undefined} />);
    await userEvent.setup().upload(screen.getByLabelText("Image evidence"), png());
    expect(await screen.findByText("Failed to get upload configuration.")).toBeInTheDocument();
  });

  it("shows the server's reason when the upload is refused", async () => {
    storeSession();
    respondWith({
      "POST /api/storage/upload-url": { body: { data: { filePath: FILE_PATH, publicUrl: PUBLIC_URL } } },
      [`PUT /api/storage/upload/${FILE_PATH}`]: {
        status: 415,
        body: {
          error: {
            message: "The file is not the image it claims to be.",
            code: "UNSUPPORTED_MEDIA_TYPE",
            requestId: "r",
          },
        },
      },
    });
    render(<Picker onUrls={() => undefined} />);
    await userEvent.setup().upload(screen.getByLabelText("Image evidence"), png());
    expect(await screen.findByText("The file is not the image it claims to be.")).toBeInTheDocument();
  });

  it("stops taking images at the limit", async () => {
    storeSession();
    respondWith({ "POST /api/storage/upload-url": () => new Promise(() => undefined) });
    render(<Picker onUrls={() => undefined} />);
    await userEvent.setup().upload(screen.getByLabelText("Image evidence"), [png("a.png"), png("b.png"), png("c.png")]);
    expect(screen.getAllByRole("button", { name: /^Remove / })).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Add images" })).toBeDisabled();
  });
});
