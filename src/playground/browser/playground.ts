/**
 * The playground page: an emulated Figma page drawn on the canvas, the plugin's UI in its
 * window, and build/main.js running against the emulator, wired together the way Figma wires a
 * plugin. Entry point of the playground bundle.
 */
import { messageOf } from '../../api/message-of'
import type { FigmaThemeName } from '../figma-theme'
import { createFigmaEmulator } from '../figma-emulator/emulator'
import { CONFIG_ELEMENT_ID, type PlaygroundConfig } from '../playground-page'
import { renderCanvas } from './canvas-view'
import { attachCanvasInput } from './canvas-input'
import { renderLayerList, renderPageList } from './layer-list'
import { runMainThread } from './main-thread'
import { createSandboxFetch } from './sandbox-fetch'
import { createNotificationToast } from './notification-toast'
import { createPluginWindow, type PluginDrop } from './plugin-window'
import { attachQuickActions } from './quick-actions-panel'
import { rgb, seedColors } from './seed-colors'
import { seedDocument } from './seed-document'
import { installTestHook } from './test-hook'
import { initialTheme, rememberTheme } from './theme-preference'
import { attachVariableModes } from './variable-modes'

const CLIENT_STORAGE_KEY = 'icon-catalogue-playground:clientStorage'
const SVG_NS = 'http://www.w3.org/2000/svg'

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (element === null) throw new Error(`The playground page has no #${id}`)
  return element as T
}

const errors: string[] = []
const banner = byId<HTMLParagraphElement>('playground-error')
function reportError(message: string): void {
  errors.push(message)
  banner.textContent = message
  banner.hidden = false
}

async function fetchPluginFile(url: string): Promise<string> {
  const response = await fetch(url, { cache: 'no-store' })
  if (response.ok) return response.text()
  const problem = (await response.json().catch(() => null)) as { detail?: string } | null
  throw new Error(problem?.detail ?? `${url} answered ${response.status}`)
}

/** clientStorage outlives a reload, as in Figma, by living in the page's localStorage. */
function loadClientStorage(): Record<string, unknown> {
  try {
    return JSON.parse(localStorage.getItem(CLIENT_STORAGE_KEY) ?? '{}') as Record<string, unknown>
  } catch {
    return {}
  }
}

async function start(): Promise<void> {
  const config = JSON.parse(byId(CONFIG_ELEMENT_ID).textContent ?? '{}') as PlaygroundConfig
  const catalogueUrl = config.catalogueUrl ?? location.origin
  const [mainCode, uiCode] = await Promise.all([
    fetchPluginFile(`${config.basePath}/plugin/main.js`),
    fetchPluginFile(`${config.basePath}/plugin/ui.js`)
  ])

  const canvasElement = byId('canvas')
  const svg = document.createElementNS(SVG_NS, 'svg')
  canvasElement.append(svg)
  const showNotifications = createNotificationToast(canvasElement)
  const layerList = byId('layer-list')
  const pageList = byId('page-list')
  const themeToggle = byId<HTMLButtonElement>('theme-toggle')
  const pluginContainer = byId('plugin-window')
  let theme = initialTheme()

  const pluginWindow = createPluginWindow({
    container: pluginContainer,
    title: byId('plugin-title'),
    catalogueUrl,
    csp: config.pluginCsp,
    themes: config.theme,
    theme,
    onMessage: (message) => emulator.deliverFromUi(message),
    onDrop: (drop) => dropOnCanvas(drop)
  })

  const canvasSize = (): { width: number; height: number } => {
    const box = canvasElement.getBoundingClientRect()
    return { width: box.width, height: box.height }
  }
  const emulator = createFigmaEmulator({
    ui: {
      show: (html, options) => pluginWindow.show(html, options),
      post: (message) => pluginWindow.post(message),
      resize: (width, height) => pluginWindow.resize(width, height),
      hide: () => pluginWindow.hide(),
      unhide: () => pluginWindow.unhide(),
      close: () => pluginWindow.close()
    },
    viewport: { ...canvasSize(), center: { x: 0, y: 0 }, zoom: 1 },
    storage: {
      initial: loadClientStorage(),
      onChange: (entries) => localStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(entries))
    }
  })
  const frames = seedDocument(emulator.figma)
  seedColors(emulator.figma)
  // The seeded page is where the designer starts: not an undo step.
  emulator.clearUndoHistory()

  function pageToCanvasElement(clientX: number, clientY: number): { x: number; y: number } | null {
    const box = canvasElement.getBoundingClientRect()
    const x = clientX - box.left
    const y = clientY - box.top
    return x >= 0 && y >= 0 && x <= box.width && y <= box.height ? { x, y } : null
  }

  /** The frame a drag over the canvas would land in, outlined while the drag lasts. */
  let dropTarget: string | null = null
  function showDropTarget(clientX: number | null, clientY: number | null): void {
    const local = clientX === null || clientY === null ? null : pageToCanvasElement(clientX, clientY)
    const point = local === null ? null : emulator.screenToCanvas(local)
    const target = point === null ? null : emulator.dropTargetAt(point.x, point.y)
    const id = target === null || target.type === 'PAGE' ? null : target.id
    if (id === dropTarget) return
    dropTarget = id
    render()
  }

  function dropOnCanvas(drop: PluginDrop): void {
    showDropTarget(null, null)
    // A drag that ends over the plugin window or the panels is not a drop on the canvas.
    const local = pageToCanvasElement(drop.clientX, drop.clientY)
    if (local === null) return
    const point = emulator.screenToCanvas(local)
    emulator.dispatchDrop({ absoluteX: point.x, absoluteY: point.y, items: drop.items, dropMetadata: drop.dropMetadata })
  }

  function render(): void {
    const snapshot = emulator.snapshot()
    renderCanvas(svg, snapshot, canvasSize(), dropTarget)
    const pages = emulator.document.children
    renderPageList(pageList, pages, snapshot.page.id, (pageId) => {
      const next = pages.find((page) => page.id === pageId)
      if (next !== undefined) emulator.switchPage(next)
    })
    renderLayerList(layerList, snapshot, (nodeId) => emulator.select([nodeId]))
    showNotifications(emulator.notifications)
  }
  emulator.subscribe(render)

  /** Runs main as Figma does for a menu command ('' opens the plugin window), closing what ran before. */
  const mainFetch = createSandboxFetch(config.pluginCsp)
  const runMain = () =>
    runMainThread(mainCode, { figma: emulator.figma, timers: emulator.timers, __html__: uiCode, __ICON_CATALOGUE_URL__: catalogueUrl, fetch: mainFetch })
  function launch(command: string): void {
    // Figma closes the running plugin to run a command from Quick Actions; the playground opens the
    // window again once Quick Actions closes, so its place says that rather than to reload.
    pluginWindow.sayWhenClosed(command === '' ? null : 'Running the plugin from Quick Actions. Its window opens again when Quick Actions closes.')
    emulator.reopen(command)
    if (command !== '') emulator.quickActions.begin()
    runMain()
  }
  const [quickCommand] = config.quickActions ?? []
  const quickActionsToggle = byId<HTMLButtonElement>('quick-actions-toggle')
  quickActionsToggle.hidden = quickCommand === undefined
  if (quickCommand !== undefined) {
    const renderQuickActions = attachQuickActions({
      toggle: quickActionsToggle,
      panel: byId('quick-actions'),
      emulator,
      pluginName: 'Icon Catalogue',
      command: quickCommand,
      launch
    })
    emulator.subscribe(renderQuickActions)
  }
  await attachVariableModes(byId('variable-modes'), emulator)
  new ResizeObserver(() => {
    const { width, height } = canvasSize()
    emulator.setViewportSize(width, height)
  }).observe(canvasElement)

  attachCanvasInput({ element: canvasElement, emulator, toLocal: pageToCanvasElement, showDropTarget })

  function applyTheme(next: FigmaThemeName): void {
    theme = next
    document.documentElement.classList.toggle('playground-dark', next === 'dark')
    themeToggle.setAttribute('aria-pressed', String(next === 'dark'))
    pluginWindow.setTheme(next)
  }
  themeToggle.addEventListener('click', () => {
    applyTheme(theme === 'dark' ? 'light' : 'dark')
    rememberTheme(theme)
  })
  applyTheme(theme)

  window.addEventListener('error', (event) => reportError(`Plugin error: ${event.message}`))
  window.addEventListener('unhandledrejection', (event) => reportError(`Plugin error: ${String(event.reason)}`))

  render()
  installTestHook({
    snapshot: () => emulator.snapshot(),
    pages: () => emulator.pages(),
    select: async (nodeIds) => {
      emulator.select(nodeIds)
      await emulator.settle()
    },
    drawStar: async (parentId, box, color) => {
      const parent = await emulator.figma.getNodeByIdAsync(parentId)
      if (parent?.type !== 'FRAME' && parent?.type !== 'COMPONENT') throw new Error(`No frame ${parentId} to draw in`)
      const star = emulator.figma.createStar()
      star.fills = [{ type: 'SOLID', color: rgb(color) }]
      star.resize(box.width, box.height)
      parent.appendChild(star)
      star.x = box.x
      star.y = box.y
      await emulator.settle()
      return star.id
    },
    viewportCenter: () => emulator.viewport.center,
    canvasToPage: (point) => {
      const box = canvasElement.getBoundingClientRect()
      const local = emulator.canvasToScreen(point)
      return { x: box.left + local.x, y: box.top + local.y }
    },
    frames,
    clientStorage: () => emulator.storageEntries(),
    notifications: () => structuredClone(emulator.notifications),
    errors: () => [...errors],
    theme: () => theme,
    setTheme: applyTheme,
    settle: () => emulator.settle()
  })
  runMain()
}

start().catch((error: unknown) => reportError(messageOf(error)))
