import { imageMessages } from '../domain/organisation/schemas';
import type { DomainError } from '../domain/shared/decider';
import type { Database } from '../infrastructure/database/database';
import { MAX_IMAGE_BYTES, storeImage } from '../infrastructure/files';

// Avatars and logos arrive inline, as the data URL of the cropped image (spec 2 §5, spec 3 §5).

/** Room for a 2 MB image as a base64 data URL, and the rest of the form: the body limit of the routes taking one. */
export const INLINE_IMAGE_BODY_BYTES = Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024;

/** The refusal's text by the reason infrastructure/files.ts gives. */
export const imageMessagesByReason = { TOO_LARGE: imageMessages.tooLarge, WRONG_FILE_TYPE: imageMessages.onlyImages } as const;

/** Stores an uploaded image; the refusal names its reason (TOO_LARGE, WRONG_FILE_TYPE) with the spec's text. */
export async function storeUploadedImage(db: Database, dataUrl: string): Promise<{ ok: true; id: string } | { ok: false; error: DomainError }> {
  const stored = await storeImage(db, dataUrl);
  return stored.ok ? stored : { ok: false, error: { code: stored.reason, message: imageMessagesByReason[stored.reason] } };
}

/** A form's image field: `undefined` keeps the stored image, `null` removes it, a data URL replaces it. */
export async function storeImageField(db: Database, dataUrl: string | null | undefined) {
  if (dataUrl === undefined || dataUrl === null) return { ok: true as const, id: dataUrl };
  return storeUploadedImage(db, dataUrl);
}

/** Whether a refusal is the image's (then the form shows it under its image field). */
export const isImageRefusal = (error: DomainError) => error.code in imageMessagesByReason;
