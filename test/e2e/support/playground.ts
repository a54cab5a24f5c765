/**
 * Driving the playground in Chromium: opening it, reaching the plugin's UI inside its null-origin
 * iframe, and reading the emulated Figma document through the playground's test hook.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, FrameLocator, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import type { DocumentSnapshot, NodeSnapshot } from '../../../src/playground/figma-emulator/snapshot'
import type { PlaygroundTestHook } from '../../../src/playground/browser/test-hook'
import { WINDOW_LIMITS } from '../../../src/api/limits'
import { startCatalogue, type RunningCatalogue } from '../../support/catalogue'
import { launchChromium } from './chromium'
import { ensurePluginBuilt } from './plugin-build'

export const ARTIFACTS_DIRECTORY = fileURLToPath(new URL('../../artifacts/', import.meta.url))

export interface Playground {
  page: Page
  /** The plugin's UI document. */
  plugin: FrameLocator
  /** The <iframe> element that holds it, in the playground page. */
  pluginFrame: Locator
  snapshot(): Promise<DocumentSnapshot>
  hook<T>(read: (hook: PlaygroundTestHook) => T | Promise<T>): Promise<T>
}

export async function openPlayground(browser: Browser, catalogueUrl: string, theme: 'light' | 'dark' = 'light'): Promise<Playground> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  // Below the test's own timeout, so a wait that never ends names what it waited for.
  page.setDefaultTimeout(20_000)
  await page.goto(`${catalogueUrl}/playground?theme=${theme}`)
  await page.waitForFunction(() => window.playground !== undefined)
  const pluginFrame = page.locator('#plugin-window iframe')
  const plugin = page.frameLocator('#plugin-window iframe')
  await plugin.getByRole('textbox', { name: 'Search icons' }).waitFor()
  const hook = <T>(read: (hook: PlaygroundTestHook) => T | Promise<T>): Promise<T> =>
    page.evaluate(`(${read.toString()})(window.playground)`) as Promise<T>
  return { page, plugin, pluginFrame, hook, snapshot: () => hook((playground) => playground.snapshot()) }
}

/** What each e2e file starts with: the built plugin, a catalogue serving the playground, one browser. */
export async function startPlaygroundSession(): Promise<{ catalogue: RunningCatalogue; browser: Browser; playground: Playground }> {
  const [catalogue, browser] = await Promise.all([
    ensurePluginBuilt().then(() => startCatalogue({ withPlayground: true, data: 'full' })),
    launchChromium()
  ])
  return { catalogue, browser, playground: await openPlayground(browser, catalogue.url) }
}

export type PlaygroundSession = Awaited<ReturnType<typeof startPlaygroundSession>>

/** One session for the whole file: started before its first test, handed to `use`, closed after its last. */
export function playgroundSessionPerFile(use: (session: PlaygroundSession) => void): void {
  let session: PlaygroundSession | undefined
  beforeAll(async () => {
    session = await startPlaygroundSession()
    use(session)
  })
  afterAll(async () => {
    await session?.browser.close()
    await session?.catalogue.close()
  })
}

/** Every node of the page, depth first, with the id of its parent (the page's own id at the top). */
export function allNodes(snapshot: DocumentSnapshot): Array<NodeSnapshot & { parentId: string }> {
  const walk = (nodes: NodeSnapshot[], parentId: string): Array<NodeSnapshot & { parentId: string }> =>
    nodes.flatMap((node) => [{ ...node, parentId }, ...walk(node.children ?? [], node.id)])
  return walk(snapshot.children, snapshot.page.id)
}

export function findNode(snapshot: DocumentSnapshot, id: string): (NodeSnapshot & { parentId: string }) | undefined {
  return allNodes(snapshot).find((node) => node.id === id)
}

/** The icon identity the plugin keeps on a node (shared plugin data), or {} for other nodes. */
export function iconData(node: NodeSnapshot): Record<string, string> {
  return node.sharedPluginData['iconcatalogue'] ?? {}
}

/** Nodes the plugin placed (they carry its icon data), by id. */
export function pluginIcons(snapshot: DocumentSnapshot): Map<string, NodeSnapshot & { parentId: string }> {
  return new Map(allNodes(snapshot).filter((node) => iconData(node).iconset !== undefined).map((node) => [node.id, node]))
}

/** Polls the emulated document until `accept` holds; fails with `what` and the last document. */
export async function waitForDocument(
  playground: Playground,
  what: string,
  accept: (snapshot: DocumentSnapshot) => boolean,
  timeoutMs = 20_000
): Promise<DocumentSnapshot> {
  const deadline = Date.now() + timeoutMs
  let snapshot = await playground.snapshot()
  while (!accept(snapshot)) {
    if (Date.now() > deadline) {
      const summary = allNodes(snapshot).map((node) => `${node.id} ${node.name} in ${node.parentId} ${node.width}x${node.height}`)
      const errors = await playground.hook((hook) => [...hook.errors(), ...hook.notifications().map((n) => n.message)])
      throw new Error(`Timed out waiting for ${what}.\nDocument:\n${summary.join('\n')}\nMessages: ${errors.join(' | ')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    snapshot = await playground.snapshot()
  }
  return snapshot
}

/** Every drawn layer inside a node, in drawing order, whatever groups the SVG import nests it in. */
export function shapesIn(node: NodeSnapshot): NodeSnapshot[] {
  return node.children === undefined ? [node] : node.children.flatMap(shapesIn)
}

/** The vector path data inside an inserted icon, in drawing order. */
export function pathData(node: NodeSnapshot): string[] {
  return shapesIn(node).flatMap((shape) => (shape.vectorPaths ?? []).map((path) => path.data))
}

export function centre(node: Pick<NodeSnapshot, 'absoluteX' | 'absoluteY' | 'width' | 'height'>): { x: number; y: number } {
  return { x: node.absoluteX + node.width / 2, y: node.absoluteY + node.height / 2 }
}

export async function saveScreenshot(target: Page | Locator, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIRECTORY, { recursive: true })
  const path = `${ARTIFACTS_DIRECTORY}${name}.png`
  await target.screenshot({ path })
  return path
}

/**
 * Holds the page's requests that `matches` until `release`. The plugin asks again by itself, with
 * backoff, after a failure: held, its own retry cannot answer first and take away the Retry button
 * a test is about to click. Registered last, this route comes before the page's earlier ones.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<{ count: () => number; release: () => Promise<void> }> {
  const held: Route[] = []
  await page.route(matches, (route) => void held.push(route))
  return {
    count: () => held.length,
    // Lets them go on, and ends every route of the page for `matches` (the same function).
    release: async () => {
      await page.unroute(matches)
      // A request the plugin gave up on while it was held (a Retry asks anew) cannot be continued.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)))
    }
  }
}

/** Picks a size from the toolbar's presets menu, as a designer does: open it, then choose. */
export async function choosePreset(toolbar: Locator, size: number): Promise<void> {
  await toolbar.getByRole('button', { name: 'Size presets' }).click()
  await toolbar.getByRole('group', { name: 'Presets' }).getByRole('button', { name: String(size), exact: true }).click()
}

/** The selected icons' panel, opened from its line in the header onto their list, style and Swap set. */
export async function openSelectionPanel(plugin: FrameLocator): Promise<Locator> {
  const panel = plugin.getByRole('region', { name: 'Selected icons' })
  const toggle = panel.getByRole('heading').getByRole('button')
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  return panel
}

/**
 * Drags the toolkit's 12 px corner handle by (dx, dy), as a designer resizes the window; the toolkit
 * keeps the size within WINDOW_LIMITS. The events go to the handle itself, as pointer capture sends
 * them in Figma; Chromium does not carry a capture out of a sandboxed frame that is still growing.
 */
export async function dragWindowCorner(playground: Playground, dx: number, dy: number): Promise<void> {
  const { page } = playground
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
  await frame.evaluate(
    ({ dx, dy }) => {
      const handle = [...document.body.children].find((element) => (element as HTMLElement).style.cursor === 'nwse-resize')!
      const at = (x: number, y: number) => ({ bubbles: true, pointerId: 1, clientX: x, clientY: y })
      handle.dispatchEvent(new PointerEvent('pointerdown', at(innerWidth - 6, innerHeight - 6)))
      handle.dispatchEvent(new PointerEvent('pointermove', at(innerWidth - 6 + dx, innerHeight - 6 + dy)))
      handle.dispatchEvent(new PointerEvent('pointerup', at(innerWidth - 6 + dx, innerHeight - 6 + dy)))
    },
    { dx, dy }
  )
}

/** Resizes the plugin window from its corner towards `width` × `height`, and waits for the size WINDOW_LIMITS let it have. */
export async function resizeWindow(playground: Playground, width: number, height: number): Promise<{ width: number; height: number }> {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
  const expected = {
    width: clamp(width, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.maxWidth),
    height: clamp(height, WINDOW_LIMITS.minHeight, WINDOW_LIMITS.maxHeight)
  }
  const before = (await playground.pluginFrame.boundingBox())!
  await dragWindowCorner(playground, width - before.width, height - before.height)
  await expect.poll(async () => JSON.stringify(sizeOf((await playground.pluginFrame.boundingBox())!))).toBe(JSON.stringify(expected))
  // The frame has its size; the plugin's ResizeObservers (the grid's columns) lay it out in the
  // frames after that. Two frames later it is laid out, so a test measuring at once, on a busy
  // machine, does not measure the layout of the size before.
  await playground.plugin.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return expected
}

const sizeOf = ({ width, height }: { width: number; height: number }) => ({ width, height })
