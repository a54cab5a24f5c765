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

  /** Visits the entries, most recently used first, until `visit` returns true; none counts as a use. */
  each(visit: (key: K, value: V) => boolean): void {
    const keys = [...this.entries.keys()]
    for (let i = keys.length - 1; i >= 0; i--) if (visit(keys[i] as K, this.entries.get(keys[i] as K) as V)) return
  }

  set(key: K, value: V): void {
    // A Map iterates in insertion order, so the oldest used is always first.
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K)
  }
}
