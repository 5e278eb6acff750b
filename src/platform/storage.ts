/** A small key/value store of JSON values; never throws (private mode, blocked storage, quota). */
export interface JsonStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

/** Wraps a Web Storage (sessionStorage by default); falls back to memory when storage is unavailable. */
export function createJsonStore(getStorage: () => Storage | undefined = () => globalThis.sessionStorage): JsonStore {
  const memory = new Map<string, string>();
  const storage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> => {
    try {
      const s = getStorage();
      if (s) return s;
    } catch {
      // Third-party iframes with storage blocked throw on access.
    }
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, val) => void memory.set(k, val), removeItem: (k) => void memory.delete(k) };
  };
  return {
    get(key) {
      try {
        const raw = storage().getItem(key);
        return raw === null ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        // Quota or blocked storage: resume is a convenience, never a requirement.
      }
    },
    remove(key) {
      try {
        storage().removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

/** A store that only lives in memory: tests and server-side rendering. */
export function memoryStore(): JsonStore {
  return createJsonStore(() => undefined);
}
