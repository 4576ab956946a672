import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser, type FakeAnswer } from "@/lib/testing/fake-server";
import { uploadFile } from "@/features/storage/api/upload-file";
import { createQueryClient } from "@/lib/query-client";
import { HOUSEHOLD_ID, resetProfile, signInBen, USER_ID } from "@/features/profile/testing/render-profile";
import { AVATAR_JPEG_QUALITY } from "@/features/profile/utils/crop-image";
import { useAvatarChange } from "@/features/profile/hooks/use-avatar-change";

const FILE_PATH = "profile-pictures/abcdefghijklmnopqrstuvwxyz012345.jpg";
const PUBLIC_URL = `http://localhost/files/${FILE_PATH}`;
const AREA = { x: 10, y: 20, width: 800, height: 800 };

/** The browser's image decoding and canvas, which jsdom lacks: the boundary this flow draws on. */
function stubBrowserDrawing() {
  class LoadingImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_value: string) {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal("Image", LoadingImage);
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({
        fillRect: vi.fn(),
        drawImage,
        fillStyle: "",
        imageSmoothingQuality: "low",
      }) as unknown as CanvasRenderingContext2D,
  );
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, "toBlob")
    .mockImplementation((callback, type) => callback(new Blob(["jpeg bytes"], { type })));
  return { drawImage, toBlob };
}

function server(routes: Record<string, FakeAnswer> = {}) {
  return respondWith({
    "POST /api/storage/upload-url": { body: { data: { filePath: FILE_PATH, publicUrl: PUBLIC_URL } } },
    [`PUT /api/storage/upload/${FILE_PATH}`]: { body: { data: { publicUrl: PUBLIC_URL } } },
    [`PUT /api/users/${USER_ID}`]: {
      body: {
        data: serverUser({ id: USER_ID, display_name: "Ben Hall", photo_url: PUBLIC_URL, household_id: HOUSEHOLD_ID }),
      },
    },
    ...routes,
  });
}

function renderAvatarChange(onSaved = vi.fn()) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  const view = renderHook(() => useAvatarChange((file) => uploadFile(file, "profile-pictures"), onSaved), { wrapper });
  // Settles as the mutation does: a test of a failure expects the rejection rather than swallowing it.
  const save = () => act(() => view.result.current.mutateAsync({ source: "blob:picked", area: AREA }));
  return { ...view, save, onSaved };
}

const pathsOf = (fake: ReturnType<typeof respondWith>) =>
  fake.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`);

beforeEach(async () => {
  await signInBen();
});
afterEach(async () => {
  await resetProfile();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("changing the avatar", () => {
  it("crops to a JPEG at quality 0.95, uploads it as a profile picture and saves it on the profile", async () => {
    const drawing = stubBrowserDrawing();
    const fake = server();
    const { save, onSaved } = renderAvatarChange();
    await save();

    expect(await screen.findByText("Avatar updated")).toBeInTheDocument();
    // The chosen square of the picture, scaled to the avatar's size.
    expect(drawing.drawImage).toHaveBeenCalledWith(expect.anything(), 10, 20, 800, 800, 0, 0, 512, 512);
    expect(drawing.toBlob).toHaveBeenCalledWith(expect.any(Function), "image/jpeg", AVATAR_JPEG_QUALITY);
    expect(pathsOf(fake)).toEqual([
      "POST /api/storage/upload-url",
      `PUT /api/storage/upload/${FILE_PATH}`,
      `PUT /api/users/${USER_ID}`,
    ]);
    expect(fake.bodies[0]).toMatchObject({ fileType: "image/jpeg", category: "profile-pictures" });
    expect(fake.requests[1]?.headers.get("Content-Type")).toBe("image/jpeg");
    expect(fake.bodies[2]).toEqual({ photo_url: PUBLIC_URL });
    // The header's avatar reads the signed-in user.
    expect(useAuthStore.getState().currentUser?.photo_url).toBe(PUBLIC_URL);
    expect(onSaved).toHaveBeenCalled();
  });

  it("says why the upload failed when the server gives no upload path, and saves nothing", async () => {
    stubBrowserDrawing();
    const fake = server({ "POST /api/storage/upload-url": { body: { data: { publicUrl: PUBLIC_URL } } } });
    const { save } = renderAvatarChange();
    await expect(save()).rejects.toThrow("Failed to get upload configuration.");

    expect(await screen.findByText("Failed to upload file. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Failed to get upload configuration.")).toBeInTheDocument();
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload avatar. Please try again.")).toBeInTheDocument();
    expect(pathsOf(fake)).toEqual(["POST /api/storage/upload-url"]);
    expect(useAuthStore.getState().currentUser?.photo_url).toBeNull();
  });

  it("passes on the server's reason when the file itself is refused", async () => {
    stubBrowserDrawing();
    server({
      [`PUT /api/storage/upload/${FILE_PATH}`]: {
        status: 415,
        body: {
          error: {
            message: "The file is not the image it claims to be",
            code: "UNSUPPORTED_MEDIA_TYPE",
            requestId: "r1",
          },
        },
      },
    });
    const { save } = renderAvatarChange();
    await expect(save()).rejects.toThrow("The file is not the image it claims to be");

    expect(await screen.findByText("The file is not the image it claims to be")).toBeInTheDocument();
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
  });

  it("says 'Upload failed' when the profile refuses the picture", async () => {
    stubBrowserDrawing();
    server({
      [`PUT /api/users/${USER_ID}`]: {
        status: 400,
        body: { error: { message: "Nope", code: "VALIDATION_ERROR", requestId: "r2" } },
      },
    });
    const { save, onSaved } = renderAvatarChange();
    await expect(save()).rejects.toThrow("Nope");

    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload avatar. Please try again.")).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().currentUser?.photo_url).toBeNull());
    expect(onSaved).not.toHaveBeenCalled();
  });
});
