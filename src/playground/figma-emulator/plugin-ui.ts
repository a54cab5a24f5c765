/**
 * `figma.showUI` and `figma.ui`: the plugin's side of the bridge to its iframe. The host (the
 * playground's iframe, or a test's stand-in) shows the HTML and carries messages both ways.
 * Messages carry "objects, arrays, numbers, strings, booleans, null, undefined, Date and
 * Uint8Array objects", not functions, prototypes, Blob, ArrayBuffer or other typed arrays
 * (https://developers.figma.com/docs/plugins/creating-ui); anything else is refused, in the
 * emulator's wording, where the browser's structured clone would have carried it.
 */
import { expectNumber, expectOneOf, foreignValueAt } from './api-values'
import { clone } from './client-storage'

/** How the emulated plugin reaches its UI; in the browser this is the iframe, in tests an in-process stand-in. */
export interface UiHost {
  /** Shows the HTML with the options as Figma applies them: `themeColors` "Defaults to `false`" (PluginAPI.showUI in the typings). */
  show(html: string, options: ShowUIOptions & { themeColors: boolean }): void
  /** A message from main (`figma.ui.postMessage`), to deliver as `{ pluginMessage }` to the UI. */
  post(message: unknown): void
  resize?(width: number, height: number): void
  hide?(): void
  /** Shows the window `hide` hid (figma.ui.show). */
  unhide?(): void
  close?(): void
}

export interface UiState {
  shown: boolean
  visible: boolean
  html: string | null
  options: ShowUIOptions | null
  width: number
  height: number
}

export type EmulatedUiAPI = Pick<UIAPI, 'postMessage' | 'onmessage' | 'on' | 'once' | 'off' | 'resize' | 'show' | 'hide' | 'close'>
type MessageHandler = (pluginMessage: unknown, props: OnMessageProperties) => void

export interface PluginUi {
  api: EmulatedUiAPI
  state: UiState
  showUI: PluginAPI['showUI']
  /** A message posted by the UI reaching main's handlers. */
  deliver(message: unknown): void
  /** Forgets main's handlers and closes the window, as when the plugin closes. */
  closeForGood(): void
}

const DEFAULT_SIZE = { width: 300, height: 200 }

/**
 * "The minimum size is 70x0" (UIAPI.resize in the typings; ShowUIOptions' width "Minimum is 70",
 * height "Minimum is 0"). Whether Figma refuses a smaller size or takes the minimum is not
 * published: the emulator refuses it, in Figma's range message (api-errors), the stricter reading.
 */
function checkedSize(member: string, width: unknown, height: unknown): { width: number; height: number } {
  return { width: expectNumber(member, 'width', width, 70), height: expectNumber(member, 'height', height, 0) }
}

function refuseForeign(member: string, message: unknown): void {
  const wrong = foreignValueAt(message, 'message', [Date, Uint8Array])
  if (wrong !== null) {
    throw new Error(`in ${member}: Cannot send ${wrong}: a message holds objects, arrays, numbers, strings, booleans, null, undefined, Date and Uint8Array only, and no cycles`)
  }
}

const UI_EVENTS = ['message'] as const

export function createPluginUi(host: UiHost | undefined): PluginUi {
  const handlers: Array<{ callback: MessageHandler; once: boolean }> = []
  const state: UiState = { shown: false, visible: false, html: null, options: null, ...DEFAULT_SIZE }

  const api: EmulatedUiAPI = {
    postMessage(message: unknown) {
      if (!state.shown) throw new Error('in postMessage: No UI to post to; call figma.showUI first')
      refuseForeign('postMessage', message)
      host?.post(clone(message))
    },
    onmessage: undefined,
    // UIAPI.on/once/off take 'message' alone (the typings); another name is refused, not ignored.
    on: (type, callback) => {
      expectOneOf('on', 'type', type, UI_EVENTS)
      handlers.push({ callback, once: false })
    },
    once: (type, callback) => {
      expectOneOf('once', 'type', type, UI_EVENTS)
      handlers.push({ callback, once: true })
    },
    off: (type, callback) => {
      expectOneOf('off', 'type', type, UI_EVENTS)
      const index = handlers.findIndex((entry) => entry.callback === callback)
      if (index !== -1) handlers.splice(index, 1)
    },
    resize(width: number, height: number) {
      Object.assign(state, checkedSize('resize', width, height))
      host?.resize?.(width, height)
    },
    show() {
      state.visible = true
      host?.unhide?.()
    },
    hide() {
      state.visible = false
      host?.hide?.()
    },
    close() {
      state.shown = false
      state.visible = false
      host?.close?.()
    }
  }

  return {
    api,
    state,
    showUI(html, showOptions) {
      const shownOptions = { ...(showOptions ?? {}) }
      const size = checkedSize('showUI', shownOptions.width ?? DEFAULT_SIZE.width, shownOptions.height ?? DEFAULT_SIZE.height)
      Object.assign(state, { shown: true, visible: shownOptions.visible !== false, html, options: shownOptions, ...size })
      host?.show(html, { ...shownOptions, themeColors: shownOptions.themeColors === true })
    },
    deliver(message) {
      refuseForeign('onmessage', message)
      const props = { origin: 'null' } as OnMessageProperties
      api.onmessage?.(message, props)
      for (const entry of handlers.slice()) {
        if (entry.once) handlers.splice(handlers.indexOf(entry), 1)
        entry.callback(message, props)
      }
    },
    closeForGood() {
      api.close()
      handlers.length = 0
      api.onmessage = undefined
    }
  }
}
