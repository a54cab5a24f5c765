// @vitest-environment happy-dom
/**
 * The plugin's main code runs in the playground page as in Figma's sandbox: with `figma`,
 * `__html__`, the sandbox's `fetch` and the plugin's own timers as globals, and without the DOM or
 * the browser's network and URL classes, by their plain names or through `globalThis`.
 */
import { describe, expect, it } from 'vitest'
import { runMainThread } from '../../src/playground/browser/main-thread'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'

/** Runs `code` as main, which reports what it sees with figma.notify; returns the reports. */
function seenByMain(code: string): string[] {
  const emulator = createFigmaEmulator()
  const fetch = async () => {
    throw new TypeError('no network here')
  }
  runMainThread(code, { figma: emulator.figma, timers: emulator.timers, __html__: '<p>UI</p>', __ICON_CATALOGUE_URL__: 'http://catalogue.test', fetch })
  return emulator.notifications.map((notification) => notification.message)
}

describe('the main thread', () => {
  it('sees the sandbox’s globals, and none of the page’s DOM, network or URL classes, by name', () => {
    const [seen] = seenByMain(
      "figma.notify([typeof figma, typeof __html__, typeof fetch, typeof setTimeout, typeof window, typeof document, typeof URL, typeof XMLHttpRequest, typeof AbortController].join(' '))"
    )
    expect(seen).toBe('object string function function undefined undefined undefined undefined undefined')
  })

  it('sees the same through globalThis, whose fetch and timers are the sandbox’s', () => {
    const [seen, same] = seenByMain(
      "figma.notify([typeof globalThis.figma, typeof globalThis.window, typeof globalThis.document, typeof globalThis.URL, 'document' in globalThis, 'figma' in globalThis].join(' '));" +
        'figma.notify(String(globalThis.fetch === fetch && globalThis.setTimeout === setTimeout && globalThis.globalThis === globalThis))'
    )
    expect([seen, same]).toEqual(['object undefined undefined undefined false true', 'true'])
  })

  it('sees none of the browser’s own objects, storage or text-encoding classes, which Figma’s sandbox has no counterpart of', () => {
    const [seen] = seenByMain(
      "figma.notify([typeof location, typeof navigator, typeof sessionStorage, typeof indexedDB, typeof TextEncoder, typeof TextDecoder, typeof globalThis.TextEncoder, typeof JSON, typeof Promise].join(' '))"
    )
    expect(seen).toBe('undefined undefined undefined undefined undefined undefined undefined object function')
  })

  it('keeps a global it makes through globalThis, as a script does', () => {
    expect(seenByMain("globalThis.iconCount = 3; figma.notify(String(iconCount)); delete globalThis.iconCount")).toEqual(['3'])
  })
})
