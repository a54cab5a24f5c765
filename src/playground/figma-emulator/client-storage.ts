/**
 * `figma.clientStorage`, as https://developers.figma.com/docs/plugins/api/figma-clientStorage
 * describes it: an async key/value store per plugin id (a plugin published under another id reads
 * none of the first one's data), of objects, arrays, strings, numbers, booleans, null, undefined
 * and Uint8Array, within 5 MB per plugin counted as each key's size plus its value's JSON size
 * (a Uint8Array's byte length). `setAsync` "rejects if storage fails": here for a value of another
 * type or one past the quota, with the emulator's wording, as Figma publishes none. It keeps
 * copies, never the caller's objects.
 */
import { foreignValueAt } from './api-values'

export interface StorageOptions {
  /** The plugin's entries when it starts, as storageEntries() returned them. */
  initial?: Record<string, unknown>
  onChange?(entries: Record<string, unknown>): void
}

export type EmulatedClientStorage = Pick<ClientStorageAPI, 'getAsync' | 'setAsync' | 'deleteAsync' | 'keysAsync'>

export const CLIENT_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024

export function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value)
}

const encoder = new TextEncoder()

/** The bytes an entry counts against the quota. */
function entryBytes(key: string, value: unknown): number {
  const size = value instanceof Uint8Array ? value.byteLength : encoder.encode(JSON.stringify(value) ?? '').byteLength
  return encoder.encode(key).byteLength + size
}

export function createClientStorage(
  options: StorageOptions | undefined,
  pluginId: () => string
): { api: EmulatedClientStorage; entries(): Record<string, unknown> } {
  const byPlugin = new Map<string, Map<string, unknown>>([[pluginId(), new Map(Object.entries(clone(options?.initial ?? {})))]])
  const storage = (): Map<string, unknown> => {
    let own = byPlugin.get(pluginId())
    if (own === undefined) {
      own = new Map()
      byPlugin.set(pluginId(), own)
    }
    return own
  }
  const entries = (): Record<string, unknown> => clone(Object.fromEntries(storage()))
  const api: EmulatedClientStorage = {
    getAsync: async (key) => clone(storage().get(key)),
    setAsync: async (key, value) => {
      const wrong = foreignValueAt(value, 'value', [Uint8Array])
      if (wrong !== null) throw new Error(`in setAsync: clientStorage cannot keep ${wrong}: only objects, arrays, strings, numbers, booleans, null, undefined and Uint8Array, without cycles`)
      const own = storage()
      let total = entryBytes(key, value)
      for (const [other, kept] of own) if (other !== key) total += entryBytes(other, kept)
      if (total > CLIENT_STORAGE_QUOTA_BYTES) throw new Error(`in setAsync: clientStorage is limited to 5 MB per plugin; this would make it ${total} bytes`)
      own.set(key, clone(value))
      options?.onChange?.(entries())
    },
    deleteAsync: async (key) => {
      storage().delete(key)
      options?.onChange?.(entries())
    },
    keysAsync: async () => [...storage().keys()]
  }
  return { api, entries }
}
