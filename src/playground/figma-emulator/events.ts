/**
 * The emulator's event machinery: the plugin's `figma.on/once/off` listeners, and one queue that
 * delivers events after the plugin's current task, as Figma does, so `settle()` can wait for them.
 * Host change listeners (the playground redraws) are batched into one call per queue turn.
 */
/**
 * Every event `figma.on/once/off` takes (PluginAPI.on in the typings, ArgFreeEventType among them);
 * another name is refused rather than listened to for nothing. The emulator fires selectionchange,
 * documentchange, drop, run, close, currentpagechange and stylechange; the others (FigJam's timer,
 * Slides' view, text review, the canvas view) never come.
 */
export const PLUGIN_EVENTS = [
  'selectionchange',
  'currentpagechange',
  'close',
  'timerstart',
  'timerstop',
  'timerpause',
  'timerresume',
  'timeradjust',
  'timerdone',
  'run',
  'drop',
  'documentchange',
  'slidesviewchange',
  'canvasviewchange',
  'textreview',
  'stylechange'
] as const
export type EventName = (typeof PLUGIN_EVENTS)[number]
type Listener = (...args: never[]) => unknown

export interface EventHub {
  on(name: EventName, callback: Listener): void
  once(name: EventName, callback: Listener): void
  off(name: EventName, callback: Listener): void
  /** Calls the listeners of one event now; returns what each returned. */
  fire(name: EventName, ...args: unknown[]): unknown[]
  /** Runs a task after the ones already queued; a failing task is logged and never stalls later ones. */
  queue(task: () => void): void
  /** Tells host listeners, once per queue turn, that the document or view changed. */
  changed(): void
  /** Queues one `selectionchange` per batch of selection changes. */
  selectionChanged(): void
  /** Queues `currentpagechange`, and a `selectionchange` after it: one already waiting moves behind it. */
  pageChanged(): void
  subscribe(listener: () => void): () => void
  /** Forgets every plugin listener, as when the plugin closes. */
  clear(): void
  settle(): Promise<void>
}

export function createEventHub(): EventHub {
  const events = new Map<EventName, Array<{ callback: Listener; once: boolean }>>()
  const changeListeners = new Set<() => void>()
  let changeQueued = false
  let selectionQueued = false
  /** Which queued selectionchange fires: an earlier one overtaken by a page change fires nothing. */
  let selectionTicket = 0
  let pending: Promise<void> = Promise.resolve()

  // Figma tells the plugin about selection changes asynchronously, once per batch.
  function queueSelectionChange(): void {
    selectionQueued = true
    const ticket = ++selectionTicket
    hub.queue(() => {
      if (ticket !== selectionTicket) return
      selectionQueued = false
      hub.fire('selectionchange')
    })
  }

  const hub: EventHub = {
    on(name, callback) {
      events.set(name, [...(events.get(name) ?? []), { callback, once: false }])
    },
    once(name, callback) {
      events.set(name, [...(events.get(name) ?? []), { callback, once: true }])
    },
    off(name, callback) {
      events.set(
        name,
        (events.get(name) ?? []).filter((entry) => entry.callback !== callback)
      )
    },
    fire: (name, ...args) =>
      (events.get(name) ?? []).slice().map((entry) => {
        if (entry.once) hub.off(name, entry.callback)
        return (entry.callback as (...a: unknown[]) => unknown)(...args)
      }),
    queue(task) {
      // Figma logs plugin errors from event handlers; the next event still arrives.
      pending = pending.then(task).catch((error: unknown) => console.error(error))
    },
    changed() {
      if (changeQueued) return
      changeQueued = true
      hub.queue(() => {
        changeQueued = false
        for (const listener of changeListeners) listener()
      })
    },
    selectionChanged() {
      hub.changed()
      if (selectionQueued) return
      queueSelectionChange()
    },
    pageChanged() {
      hub.changed()
      hub.queue(() => void hub.fire('currentpagechange'))
      // "every currentpagechange also fires selectionchange" (figma-on), after it, for the new page's
      // selection; a selection changed before the switch in the same task is told then too, once.
      queueSelectionChange()
    },
    subscribe(listener) {
      changeListeners.add(listener)
      return () => void changeListeners.delete(listener)
    },
    clear() {
      events.clear()
    },
    async settle() {
      let seen: Promise<void> | undefined
      while (seen !== pending) {
        seen = pending
        await pending
      }
    }
  }
  return hub
}
