const probeKey = 'storage-probe';

/**
 * Whether a Web Storage area can keep a value. Private modes refuse in different ways: reading `localStorage`
 * throws (storage blocked), `setItem` throws (a quota of 0), or the value is simply not kept.
 */
export function isStorageUsable(storageArea: () => Storage | null | undefined): boolean {
  try {
    const storage = storageArea();
    if (!storage) return false;
    storage.setItem(probeKey, probeKey);
    const kept = storage.getItem(probeKey) === probeKey;
    storage.removeItem(probeKey);
    return kept;
  } catch {
    return false;
  }
}

/** The session's tokens live in localStorage and a log-in in progress in sessionStorage: both must work. */
export function isBrowserStorageUsable(): boolean {
  return isStorageUsable(() => window.localStorage) && isStorageUsable(() => window.sessionStorage);
}
