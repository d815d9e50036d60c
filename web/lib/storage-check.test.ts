import { describe, expect, it } from 'vitest';
import { isStorageUsable } from './storage-check';

describe('isStorageUsable', () => {
  it('is true for a storage that keeps what is written, and leaves nothing behind', () => {
    const storage = memoryStorage();
    expect(isStorageUsable(() => storage)).toBe(true);
    expect(storage.length).toBe(0);
  });

  it('is false when the browser blocks access to the storage', () => {
    expect(
      isStorageUsable(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBe(false);
  });

  it('is false when writing fails, as with a quota of 0 in a private window', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    expect(isStorageUsable(() => storage)).toBe(false);
  });

  it('is false when a written value is not kept', () => {
    const storage = memoryStorage();
    storage.setItem = () => undefined;
    expect(isStorageUsable(() => storage)).toBe(false);
  });

  it('is false when there is no storage at all', () => {
    expect(isStorageUsable(() => undefined)).toBe(false);
  });
});

/** A Storage kept in a Map, as a browser in a regular window has it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}
