/**
 * Runs the plugin's build/main.js, unchanged, the way Figma's sandbox does: `figma`, `__html__`
 * and the sandbox's `fetch` are globals, and there is no DOM. Hiding `window` matters beyond fidelity:
 * create-figma-plugin's `emit`/`on` decide whether they run in main or in the UI by
 * `typeof window`, so main code that saw the page's window would talk to itself.
 */
import type { PluginTimers } from '../figma-emulator/plugin-timers'
import type { SandboxFetch } from './sandbox-fetch'

/**
 * The page's globals Figma's sandbox has no counterpart of (the typings declare `figma`, `__html__`,
 * `__uiFiles__`, `console`, the timers and `fetch`, index.d.ts): the DOM and the browser's own
 * objects, storage, and network, URL and text-encoding classes, so a main thread that leaned on
 * them fails here as in Figma. JavaScript's own built-ins (JSON, Math, Promise, Intl…) stay.
 */
const HIDDEN_GLOBALS = [
  'window',
  'self',
  'document',
  'parent',
  'top',
  'frames',
  'location',
  'history',
  'navigator',
  'screen',
  'requestAnimationFrame',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'Worker',
  'BroadcastChannel',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Request',
  'Response',
  'Headers',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource'
] as const

export interface MainThreadGlobals {
  figma: PluginAPI
  /** Main's timers, which Figma cancels when the plugin closes (the emulator's `timers`). */
  timers: PluginTimers
  /** The manifest's `ui` file content: create-figma-plugin's showUI wraps it in a <script>. */
  __html__: string
  /** Where the catalogue is, as the UI is told too: Quick Actions search it from main. */
  __ICON_CATALOGUE_URL__: string
  /** The sandbox's `fetch`, held to the manifest's networkAccess (sandbox-fetch.ts). */
  fetch: SandboxFetch
}

/**
 * The sandbox's `globalThis`: the page's, less what the sandbox has no counterpart of, with the
 * sandbox's own globals in place of the page's. What main code writes to it lands on the page's,
 * so a global it makes that way is one its plain names see too, as in a script.
 */
function sandboxGlobal(own: Readonly<Record<string, unknown>>): typeof globalThis {
  const hidden: ReadonlySet<PropertyKey> = new Set(HIDDEN_GLOBALS)
  const view: typeof globalThis = new Proxy(globalThis, {
    get: (page, key) => (key === 'globalThis' ? view : hidden.has(key) ? undefined : Object.hasOwn(own, key) ? own[key as string] : Reflect.get(page, key)),
    has: (page, key) => !hidden.has(key) && (Object.hasOwn(own, key) || Reflect.has(page, key))
  })
  return view
}

export function runMainThread(code: string, globals: MainThreadGlobals): void {
  const { timers } = globals
  const own = {
    figma: globals.figma,
    __html__: globals.__html__,
    __ICON_CATALOGUE_URL__: globals.__ICON_CATALOGUE_URL__,
    fetch: globals.fetch,
    // Main's timers are the plugin's own, cancelled when it closes, not the page's.
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    setInterval: timers.setInterval,
    clearInterval: timers.clearInterval
  }
  // The code arrives from our own server and is run as Figma would run it, as a script with globals.
  const main = new Function(...Object.keys(own), ...HIDDEN_GLOBALS, 'globalThis', code)
  main(...Object.values(own), ...HIDDEN_GLOBALS.map(() => undefined), sandboxGlobal(own))
}
