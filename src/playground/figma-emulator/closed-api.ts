/**
 * `figma` once the plugin has closed: every member refuses.
 *
 * "Calling figma.closePlugin() disables callbacks and Figma APIs. It does not, however, abort the
 * plugin": a later `figma.currentPage` "will throw an exception because access to
 * figma.currentPage has been disabled" (PluginAPI.closePlugin in the typings). Every member of
 * `figma` throws once the plugin is closed, with the emulator's wording, as Figma publishes none;
 * a relaunch (reopen) gives the next run a working `figma` again.
 */

/** `api` as the plugin sees it: as it is while the plugin runs, refusing every member once `closed()`. */
export function closedWith<T extends object>(api: T, closed: () => boolean): T {
  const refuseWhenClosed = (access: 'get' | 'set', property: string | symbol): void => {
    if (closed() && typeof property === 'string') {
      throw new Error(`in ${access}_${property}: The plugin has been closed: figma.closePlugin() disabled the plugin API`)
    }
  }
  return new Proxy(api, {
    get(target, property, receiver) {
      refuseWhenClosed('get', property)
      return Reflect.get(target, property, receiver) as unknown
    },
    // Of `figma`'s own members only `currentPage` has a setter (PluginAPI in the typings: the rest are
    // readonly); a write to another does not take, and in strict code throws a TypeError, as a
    // write to a property with only a getter does.
    set(target, property, value, receiver) {
      refuseWhenClosed('set', property)
      if (Object.getOwnPropertyDescriptor(target, property)?.set === undefined) return false
      return Reflect.set(target, property, value, receiver)
    },
    has(target, property) {
      refuseWhenClosed('get', property)
      return Reflect.has(target, property)
    }
  })
}
