/** SPEC §9 avatar crop output. */
export const AVATAR_JPEG_QUALITY = 0.95;
/** Larger crops are scaled down: an avatar never shows bigger than this, and the upload stays small. */
export const AVATAR_MAX_SIZE = 512;

/** The crop in the picture's own pixels, as react-easy-crop reports it. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = source;
  });
}

/** The side of the square avatar a crop becomes: its own size, at most AVATAR_MAX_SIZE. */
export const outputSize = (area: CropArea) =>
  Math.max(1, Math.round(Math.min(area.width, area.height, AVATAR_MAX_SIZE)));

/**
 * Draws the chosen square of the picture on a canvas and exports it as a JPEG at quality 0.95
 * (SPEC §5 avatar crop). The round shape is only the crop guide: the file is square, and the
 * avatar is shown in a circle everywhere.
 */
export async function cropToJpeg(source: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(source);
  const size = outputSize(area);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures");
  // JPEG has no transparency: see-through parts of a PNG become white rather than black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be saved"))),
      "image/jpeg",
      AVATAR_JPEG_QUALITY,
    );
  });
}
