import type { Area } from 'react-easy-crop';
import { imageMessages } from '../../domain/organisation/schemas';

// Image uploads accept images only (spec 1 §5, spec 3 §5). The server checks the content again; here the browser
// must be able to decode the file, so a renamed text file is refused too.
export const onlyImagesMessage = imageMessages.onlyImages;
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isAcceptedImageType(file: File): boolean {
  return acceptedImageTypes.some((type) => type === file.type);
}

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(onlyImagesMessage));
    image.src = url;
  });
}

/**
 * Draws the cropped area onto a canvas no larger than maxSize × maxSize and answers it as a PNG data URL,
 * which is what the API takes as a logo (docs/api.md).
 */
export function cropToPngDataUrl(image: HTMLImageElement, area: Area, maxSize = 512): string {
  const scale = Math.min(1, maxSize / Math.max(area.width, area.height));
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(area.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot draw images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}
