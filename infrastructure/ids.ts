import { createHash, randomUUID } from 'node:crypto';

/** Id generation is injected so tests can fix it. */
export type Ids = { uuid(): string };
export const randomIds: Ids = { uuid: () => randomUUID() };

/**
 * A uuid (version 5 layout, SHA-1) derived from its parts: the same trigger always yields the same id, which is
 * how reactors stay idempotent when they see an event again.
 */
export function derivedUuid(...parts: string[]): string {
  const hash = createHash('sha1').update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
