/**
 * The main thread's timers, which Figma drops with the plugin. Once a plugin closes, "the plugin
 * execution environment will be destroyed immediately when all the callbacks have returned, and
 * further callbacks will not be called" ([typings: PluginAPI.on], the 'close' event); timers are
 * cancelled with it (https://developers.figma.com/docs/plugins/how-plugins-run). A host hands these
 * to main as its setTimeout, setInterval and their clears; closePlugin cancels every one pending.
 */
type Callback = (...args: unknown[]) => void

/** Ids are the emulator's own, one sequence for both kinds, as a browser's are. */
export interface PluginTimers {
  setTimeout(callback: Callback, ms?: number, ...args: unknown[]): number
  clearTimeout(id?: number): void
  setInterval(callback: Callback, ms?: number, ...args: unknown[]): number
  clearInterval(id?: number): void
}

export function createPluginTimers(): PluginTimers & { cancelAll(): void } {
  let last = 0
  /** How to cancel each timer still to fire. */
  const pending = new Map<number, () => void>()
  const cancel = (id?: number) => {
    if (id === undefined) return
    pending.get(id)?.()
    pending.delete(id)
  }
  return {
    setTimeout(callback, ms, ...args) {
      const id = ++last
      const handle = setTimeout(() => {
        pending.delete(id)
        callback(...args)
      }, ms)
      pending.set(id, () => clearTimeout(handle))
      return id
    },
    clearTimeout: cancel,
    setInterval(callback, ms, ...args) {
      const id = ++last
      const handle = setInterval(() => callback(...args), ms)
      pending.set(id, () => clearInterval(handle))
      return id
    },
    clearInterval: cancel,
    cancelAll() {
      for (const id of [...pending.keys()]) cancel(id)
    }
  }
}
