/**
 * A map that keeps only its `limit` most recently used entries: reading or writing an entry makes
 * it the newest, and a write past the limit drops the oldest. For the client's caches, which must
 * not grow for as long as the plugin stays open.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) this.set(key, value)
    return value
  }

  /** The value without counting it as a use: a read on every render is not a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key)
  }

  set(key: K, value: V): void {
    // A Map iterates in insertion order, so the oldest used is always first.
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K)
  }
}
