/**
 * An in-memory `IKeyValueStorage` for WalletConnect clients in Node: without
 * one, sign-client's Node build writes a database file into the working
 * directory. Share one instance between two clients to simulate a reload.
 */
export interface MemoryKeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** Creates an empty in-memory key-value storage (values are deep-copied through JSON). */
export function createMemoryKeyValueStorage(): MemoryKeyValueStorage {
  const map = new Map<string, string>()
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T>() => [...map.entries()].map(([k, v]) => [k, JSON.parse(v) as T] as [string, T]),
    getItem: async <T>(key: string) => {
      const v = map.get(key)
      return v === undefined ? undefined : (JSON.parse(v) as T)
    },
    setItem: async (key, value) => {
      map.set(key, JSON.stringify(value))
    },
    removeItem: async (key) => {
      map.delete(key)
    },
  }
}
