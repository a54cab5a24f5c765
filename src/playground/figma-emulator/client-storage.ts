/** `figma.clientStorage`: an async key/value store that keeps copies, never the caller's objects. */
export interface StorageOptions {
  initial?: Record<string, unknown>
  onChange?(entries: Record<string, unknown>): void
}

export type EmulatedClientStorage = Pick<ClientStorageAPI, 'getAsync' | 'setAsync' | 'deleteAsync' | 'keysAsync'>

export function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value)
}

export function createClientStorage(options: StorageOptions | undefined): { api: EmulatedClientStorage; entries(): Record<string, unknown> } {
  const storage = new Map<string, unknown>(Object.entries(clone(options?.initial ?? {})))
  const entries = (): Record<string, unknown> => clone(Object.fromEntries(storage))
  const api: EmulatedClientStorage = {
    getAsync: async (key) => clone(storage.get(key)),
    setAsync: async (key, value) => {
      storage.set(key, clone(value))
      options?.onChange?.(entries())
    },
    deleteAsync: async (key) => {
      storage.delete(key)
      options?.onChange?.(entries())
    },
    keysAsync: async () => [...storage.keys()]
  }
  return { api, entries }
}
