import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './database/database';

// Uploaded images (organisation logos; later avatars). The type is read from the content, never from the name or
// the declared type, so a renamed script is refused.

interface FilesTable {
  id: string;
  content_type: string;
  byte_size: number;
  content: Uint8Array;
  created_at: Date;
}
type FilesDatabase = { files: FilesTable };

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const signatures: { type: string; matches: (b: Buffer) => boolean }[] = [
  { type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function detectImageType(content: Buffer): string | null {
  return signatures.find((s) => s.matches(content))?.type ?? null;
}

export type StoredImage = { ok: true; id: string } | { ok: false; reason: 'WRONG_FILE_TYPE' | 'TOO_LARGE' };

/** Stores an image given as a data URL; the same content is stored once (the id is its hash). */
export async function storeImage(database: Database, dataUrl: string): Promise<StoredImage> {
  const comma = dataUrl.indexOf(',');
  const content = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (content.byteLength > MAX_IMAGE_BYTES) return { ok: false, reason: 'TOO_LARGE' };
  const contentType = detectImageType(content);
  if (!contentType) return { ok: false, reason: 'WRONG_FILE_TYPE' };
  const id = createHash('sha256').update(content).digest('hex').slice(0, 40);
  const db = database as Kysely<FilesDatabase>;
  await db
    .insertInto('files')
    .values({ id, content_type: contentType, byte_size: content.byteLength, content, created_at: new Date() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { ok: true, id };
}

export async function readFile(database: Database, id: string): Promise<{ contentType: string; content: Buffer } | undefined> {
  const db = database as Kysely<FilesDatabase>;
  const row = await db.selectFrom('files').select(['content_type', 'content']).where('id', '=', id).executeTakeFirst();
  return row ? { contentType: row.content_type, content: Buffer.from(row.content) } : undefined;
}

export const fileUrl = (id: string) => `/files/${id}`;
