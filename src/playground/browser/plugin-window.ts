/**
 * The plugin's window: the UI iframe with a null origin (sandboxed, no allow-same-origin, as
 * Figma loads it) and the message bridge around it. Messages from the UI are accepted only from
 * that frame; drops it announces with `pluginDrop` are handed on in page coordinates.
 */
import type { FigmaThemeName, FigmaThemeVariables } from '../figma-theme'
import { pluginFrameDocument, themeCss, type ThemeMessage } from './plugin-frame-document'

/** A `pluginDrop` message, with its point moved from the iframe's viewport to the page's. */
export interface PluginDrop {
  clientX: number
  clientY: number
  items: DropItem[]
  dropMetadata: unknown
}

export interface PluginWindowOptions {
  container: HTMLElement
  title: HTMLElement
  catalogueUrl: string
  csp: string | null
  themes: FigmaThemeVariables
  theme: FigmaThemeName
  onMessage(pluginMessage: unknown): void
  onDrop(drop: PluginDrop): void
}

export interface PluginWindow {
  /** `options` as Figma applies them (plugin-ui.ts): themeColors resolved to its default. */
  show(html: string, options: ShowUIOptions & { themeColors: boolean }): void
  post(pluginMessage: unknown): void
  resize(width: number, height: number): void
  hide(): void
  unhide(): void
  setTitle(title: string): void
  close(): void
  /** What the window's place says once the plugin closes: by default, that reloading the page runs it again. */
  sayWhenClosed(note: string | null): void
  setTheme(theme: FigmaThemeName): void
}

const DEFAULT_SIZE = { width: 300, height: 200 }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function dropItems(value: unknown): DropItem[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (item): item is DropItem => isRecord(item) && typeof item.type === 'string' && typeof item.data === 'string'
  )
}

export function createPluginWindow(options: PluginWindowOptions): PluginWindow {
  let iframe: HTMLIFrameElement | null = null
  let loaded = false
  let pending: unknown[] = []
  let theme = options.theme
  let themeColors = false
  const closedNote = document.createElement('p')
  closedNote.className = 'plugin-closed'
  const CLOSED = 'The plugin has closed. Reload the page to run it again.'
  closedNote.textContent = CLOSED

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (iframe === null || event.source !== iframe.contentWindow || !isRecord(event.data)) return
    const data = event.data
    if ('pluginMessage' in data) options.onMessage(data.pluginMessage)
    if (isRecord(data.pluginDrop)) {
      const drop = data.pluginDrop
      if (typeof drop.clientX !== 'number' || typeof drop.clientY !== 'number') return
      const box = iframe.getBoundingClientRect()
      options.onDrop({
        clientX: box.left + drop.clientX,
        clientY: box.top + drop.clientY,
        items: dropItems(drop.items),
        dropMetadata: drop.dropMetadata
      })
    }
  })

  function themeFor(name: FigmaThemeName): ThemeMessage['playgroundTheme'] {
    return { name, css: themeCss(options.themes[name]) }
  }

  function deliver(pluginMessage: unknown): void {
    iframe?.contentWindow?.postMessage({ pluginMessage }, '*')
  }

  const pluginWindow: PluginWindow = {
    show(html, showOptions) {
      pluginWindow.close()
      closedNote.remove()
      themeColors = showOptions.themeColors
      const frame = document.createElement('iframe')
      frame.title = showOptions.title ?? 'Plugin'
      // Scripts only: an opaque origin like Figma's, so the UI can reach the catalogue only via CORS.
      frame.setAttribute('sandbox', 'allow-scripts allow-popups allow-downloads')
      frame.srcdoc = pluginFrameDocument({
        html,
        catalogueUrl: options.catalogueUrl,
        csp: options.csp,
        theme: themeColors ? themeFor(theme) : null
      })
      frame.hidden = showOptions.visible === false
      frame.addEventListener('load', () => {
        loaded = true
        const queued = pending
        pending = []
        queued.forEach(deliver)
      })
      iframe = frame
      loaded = false
      pluginWindow.setTitle(showOptions.title ?? 'Plugin')
      pluginWindow.resize(showOptions.width ?? DEFAULT_SIZE.width, showOptions.height ?? DEFAULT_SIZE.height)
      options.container.append(frame)
    },
    post(pluginMessage) {
      // Figma queues messages posted before the UI document has loaded; so does the playground.
      if (loaded) deliver(pluginMessage)
      else pending.push(pluginMessage)
    },
    resize(width, height) {
      if (iframe === null) return
      iframe.style.width = `${width}px`
      iframe.style.height = `${height}px`
      options.container.style.width = `${width}px`
    },
    hide() {
      if (iframe !== null) iframe.hidden = true
    },
    unhide() {
      if (iframe !== null) iframe.hidden = false
    },
    setTitle(title) {
      options.title.textContent = title
    },
    sayWhenClosed(note) {
      closedNote.textContent = note ?? CLOSED
    },
    close() {
      if (iframe !== null) options.container.append(closedNote)
      iframe?.remove()
      iframe = null
      loaded = false
      pending = []
    },
    setTheme(name) {
      theme = name
      if (themeColors) iframe?.contentWindow?.postMessage({ playgroundTheme: themeFor(name) } satisfies ThemeMessage, '*')
    }
  }
  return pluginWindow
}
