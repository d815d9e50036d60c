import { createHash } from 'node:crypto';
import { imageLimits } from '../domain/organisation/schemas';
import { pdfUploadLimits } from '../domain/shared/limits';
import type { Database } from './database/database';

// Uploaded images (organisation logos, avatars) and PDFs (bid templates' key fact sheets and product disclosure
// statements); those no one shows any more are swept (projections/files). The type is read from the content, never
// from the name or the declared type, so a renamed script is refused; the file is served with that type only (and
// nosniff).

export const MAX_IMAGE_BYTES = imageLimits.maxBytes;

const MAX_SIDE = 20_000;
const sane = (width: number, height: number) => width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE;
const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

// The signature and the header that follows it: a file that only starts with an image's magic bytes (a script or
// page behind a PNG signature) is refused too.
const signatures: { type: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    // Signature, then the IHDR chunk (length 13) with the width and height.
    matches: (b) =>
      b.length >= 33 &&
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
      b.readUInt32BE(8) === 13 &&
      ascii(b, 12, 16) === 'IHDR' &&
      sane(b.readUInt32BE(16), b.readUInt32BE(20)),
  },
  {
    type: 'image/jpeg',
    // Start of image, then a segment marker (APPn, quantisation or Huffman table, start of frame, comment).
    matches: (b) => b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && (b[3]! >= 0xc0 && b[3]! <= 0xfe),
  },
  {
    type: 'image/gif',
    matches: (b) => b.length >= 13 && ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) && sane(b.readUInt16LE(6), b.readUInt16LE(8)),
  },
  {
    type: 'image/webp',
    // The RIFF size covers the file, and the first chunk is one of WebP's bitstreams.
    matches: (b) =>
      b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' && b.readUInt32LE(4) + 8 === b.length && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 16)),
  },
];

export function detectImageType(content: Buffer): string | null {
  return signatures.find((s) => s.matches(content))?.type ?? null;
}

export type StoredImage = { ok: true; id: string } | { ok: false; reason: 'WRONG_FILE_TYPE' | 'TOO_LARGE' };
export type StoredFile = { ok: true; id: string; byteSize: number } | { ok: false; reason: 'WRONG_FILE_TYPE' | 'TOO_LARGE' };

/**
 * A PDF: the header (`%PDF-1.x` or `%PDF-2.x`) at the very start and the end-of-file marker in the last 1,024 bytes,
 * so a page or script that merely names itself .pdf, or a PDF header on something else, is refused.
 */
export function isPdf(content: Buffer): boolean {
  if (content.byteLength < 16 || !/^%PDF-[12]\.\d/.test(ascii(content, 0, 8))) return false;
  return ascii(content, Math.max(0, content.byteLength - 1024), content.byteLength).includes('%%EOF');
}

/**
 * Stores content by the hash of its bytes: the same content is stored once, and storing it again moves `stored_at`,
 * so the sweep of unreferenced files (projections/files/file-sweeper.ts) leaves it to the command about to show it.
 */
async function storeContent(db: Database, content: Buffer, contentType: string): Promise<string> {
  const id = createHash('sha256').update(content).digest('hex').slice(0, 40);
  const now = new Date();
  await db
    .insertInto('files')
    .values({ id, content_type: contentType, byte_size: content.byteLength, content, created_at: now, stored_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ stored_at: now }))
    .execute();
  return id;
}

/** Stores an image given as a data URL. */
export async function storeImage(db: Database, dataUrl: string): Promise<StoredImage> {
  const comma = dataUrl.indexOf(',');
  const content = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (content.byteLength > MAX_IMAGE_BYTES) return { ok: false, reason: 'TOO_LARGE' };
  const contentType = detectImageType(content);
  if (!contentType) return { ok: false, reason: 'WRONG_FILE_TYPE' };
  return { ok: true, id: await storeContent(db, content, contentType) };
}

/** Stores a PDF of at most `pdfUploadLimits.maxBytes`; anything else is refused before a byte is written. */
export async function storePdf(db: Database, content: Buffer): Promise<StoredFile> {
  if (content.byteLength > pdfUploadLimits.maxBytes) return { ok: false, reason: 'TOO_LARGE' };
  if (!isPdf(content)) return { ok: false, reason: 'WRONG_FILE_TYPE' };
  return { ok: true, id: await storeContent(db, content, 'application/pdf'), byteSize: content.byteLength };
}

export async function readFile(db: Database, id: string): Promise<{ contentType: string; content: Buffer } | undefined> {
  const row = await db.selectFrom('files').select(['content_type', 'content']).where('id', '=', id).executeTakeFirst();
  return row ? { contentType: row.content_type, content: Buffer.from(row.content) } : undefined;
}

export const fileUrl = (id: string) => `/files/${id}`;
