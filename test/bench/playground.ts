/**
 * The plugin's speed as a designer feels it, in the playground in headless Chromium: the built
 * plugin against the emulated Figma and the real catalogue.
 * - Search: from the /search request leaving the UI (its resource-timing start) to the first
 *   frame that shows the response's first icon: its rendering update has laid the new tile out
 *   (a ResizeObserver's first notice comes after layout, right before paint). Also the time until
 *   the UI's main thread is free again (a task posted from that frame's rAF runs), which includes
 *   the thumbnails' SVG decoding queued ahead of it; and until every thumbnail in view is drawn
 *   (the first animation frame at which each result <img> in the grid's visible area has loaded and
 *   decoded: thumbnails are the search page's own SVGs as data: URLs, so no resource is fetched).
 * - Insert: from the click on Insert to the node, named and with its plugin data, existing in
 *   the emulated document (seen by a MutationObserver on the page the emulator redraws).
 */
import type { Browser, Frame, Page } from 'playwright-core'
import { launchChromium } from '../e2e/support/chromium'

/** Distinct concepts, so no query's first result is already on screen from the one before. */
export const PLAYGROUND_QUERIES = [
  'calendar', 'trash', 'settings', 'user', 'arrow', 'heart', 'bell', 'mail', 'camera', 'folder', 'lock', 'cloud'
]
const WARMUP_QUERY = 'star'
const INSERTS = 6

export interface SearchSample {
  query: string
  /** Request start to results painted. */
  paintedMs: number
  /** Request start to its response's last byte. */
  responseMs: number
  /** Request start to the results being in the DOM (before layout and paint). */
  domMs: number
  /** Request start to the UI's main thread being free again after that frame. */
  freeMs: number
  /** Request start to the first frame with every thumbnail in view drawn. */
  thumbnailsMs: number
}

export interface InsertSample {
  icon: string
  insertMs: number
}

export interface PlaygroundResult {
  search: SearchSample[]
  insert: InsertSample[]
}

interface FrameProbe {
  /** The query whose results are awaited. */
  expect: string | null
  detected: number | null
  painted: number | null
  free: number | null
  thumbnails: number | null
  insertClickedAt: number | null
}

declare global {
  interface Window {
    __bench?: FrameProbe
    __benchInsert?: { before: number; expectName: string; existsAt: number | null }
  }
}

async function pluginFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('#plugin-window iframe', { timeout: 30_000 })
  const frame = await element.contentFrame()
  if (frame === null) throw new Error('The plugin window has no frame')
  return frame
}

/**
 * Runs in the UI frame: watches for the awaited query's results (the summary naming the query,
 * which the view writes in the render that shows them) and timestamps the first tile's paint.
 */
function installFrameProbe(): void {
  performance.setResourceTimingBufferSize(100_000)
  const probe: FrameProbe = { expect: null, detected: null, painted: null, free: null, thumbnails: null, insertClickedAt: null }
  window.__bench = probe
  /** The result thumbnails inside the visible part of the grid's scroller (lazy ones further down load only when scrolled to). */
  const thumbnailsInView = (): HTMLImageElement[] => {
    const list = document.querySelector('[aria-label="Search results"]')
    if (list === null) return []
    let scroller: Element | null = list
    while (scroller !== null && scroller !== document.body && getComputedStyle(scroller).overflowY === 'visible') scroller = scroller.parentElement
    const area = (scroller ?? list).getBoundingClientRect()
    const top = Math.max(0, area.top)
    const bottom = Math.min(innerHeight, area.bottom)
    return [...list.querySelectorAll('img')].filter((image) => {
      const box = image.getBoundingClientRect()
      return box.width > 0 && box.bottom > top && box.top < bottom && box.right > area.left && box.left < area.right
    })
  }
  const watchThumbnails = () => {
    if (probe.thumbnails !== null) return
    const images = thumbnailsInView()
    if (images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0)) probe.thumbnails = performance.now()
    else requestAnimationFrame(watchThumbnails)
  }
  const showing = (q: string): Element | undefined => {
    const named = [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes(`for “${q}”`) === true)
    return named ? (document.querySelector('[aria-label="Search results"] [data-index="0"]') ?? undefined) : undefined
  }
  new MutationObserver(() => {
    if (probe.expect === null || probe.detected !== null) return
    const tile = showing(probe.expect)
    if (tile === undefined) return
    probe.detected = performance.now()
    const laidOut = new ResizeObserver(() => {
      probe.painted ??= performance.now()
      laidOut.disconnect()
    })
    laidOut.observe(tile)
    requestAnimationFrame(watchThumbnails)
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        probe.free = performance.now()
      }
      channel.port2.postMessage(null)
    })
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label'] })
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button')
      if (button?.textContent?.trim() === 'Insert') probe.insertClickedAt = performance.timeOrigin + performance.now()
    },
    true
  )
}

/** A designer looks at the results before typing again; the page settles meanwhile. */
const READING_PAUSE_MS = 1_000

/**
 * One search as a designer makes it, timed from its request to its results' paint. Nothing asks the
 * catalogue for the query first, so the UI's request is the one that has it searched.
 */
async function measureSearch(frame: Frame, q: string): Promise<SearchSample> {
  await frame.waitForTimeout(READING_PAUSE_MS)
  const armed = await frame.evaluate((query) => {
    const probe = window.__bench as FrameProbe
    Object.assign(probe, { expect: query, detected: null, painted: null, free: null, thumbnails: null })
    performance.clearResourceTimings()
    return ![...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes(`for “${query}”`) === true)
  }, q)
  if (!armed) throw new Error(`Results for "${q}" are on screen before it was typed`)
  await frame.getByRole('searchbox', { name: 'Search icons' }).or(frame.getByRole('textbox', { name: 'Search icons' })).fill(q)
  await frame.waitForFunction(
    () => window.__bench?.painted !== null && window.__bench?.free !== null && window.__bench?.thumbnails !== null,
    undefined,
    { timeout: 15_000 }
  )
  return frame.evaluate((query) => {
    const probe = window.__bench as FrameProbe
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const request = entries.find((entry) => {
      const url = new URL(entry.name)
      return url.pathname.endsWith('/search') && url.searchParams.get('q') === query && (url.searchParams.get('offset') ?? '0') === '0'
    })
    if (request === undefined) throw new Error(`No /search request for "${query}"`)
    return {
      query,
      paintedMs: (probe.painted as number) - request.startTime,
      domMs: (probe.detected as number) - request.startTime,
      freeMs: (probe.free as number) - request.startTime,
      responseMs: request.responseEnd - request.startTime,
      thumbnailsMs: (probe.thumbnails as number) - request.startTime
    }
  }, q)
}

async function nodeCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Tree = { children?: Tree[] }
    const count = (nodes: Tree[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children ?? []), 0)
    return count(window.playground?.snapshot().children ?? [])
  })
}

async function measureInsert(page: Page, frame: Frame, index: number): Promise<InsertSample> {
  await page.evaluate(() => window.playground?.select([]))
  const tile = frame.locator(`button[data-index="${index}"]`)
  const label = (await tile.getAttribute('aria-label')) ?? ''
  await tile.click()
  const insert = frame.getByRole('button', { name: 'Insert', exact: true })
  await insert.waitFor()
  await frame.waitForFunction(
    () => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Insert' && !button.disabled),
    undefined,
    { timeout: 15_000 }
  )
  const before = await nodeCount(page)
  await page.evaluate((count) => {
    const state = { before: count, expectName: '', existsAt: null as number | null }
    window.__benchInsert = state
    type Tree = { name: string; sharedPluginData: Record<string, Record<string, string>>; children?: Tree[] }
    const all = (nodes: Tree[]): Tree[] => nodes.flatMap((node) => [node, ...all(node.children ?? [])])
    const observer = new MutationObserver(() => {
      const nodes = all((window.playground?.snapshot().children ?? []) as Tree[])
      if (nodes.length > state.before && nodes.some((node) => Object.keys(node.sharedPluginData).length > 0 && node.name.includes('/'))) {
        state.existsAt = performance.timeOrigin + performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  }, before)
  await frame.evaluate(() => {
    ;(window.__bench as FrameProbe).insertClickedAt = null
  })
  await insert.click()
  await page.waitForFunction(() => window.__benchInsert?.existsAt !== null, undefined, { timeout: 15_000 })
  const existsAt = await page.evaluate(() => window.__benchInsert?.existsAt as number)
  const clickedAt = await frame.evaluate(() => window.__bench?.insertClickedAt ?? null)
  if (clickedAt === null) throw new Error('The Insert click was not seen')
  const close = frame.getByRole('button', { name: 'Close details' })
  if (await close.isVisible()) await close.click()
  return { icon: label, insertMs: existsAt - clickedAt }
}

/** Chromium sometimes disappears mid-run on a busy shared machine; a fresh browser gets two more tries. */
export async function measurePlayground(origin: string, attempts = 3): Promise<PlaygroundResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureInChromium(origin)
    } catch (error) {
      if (attempt === attempts || !/has been closed|went away/.test(String(error))) throw error
      console.error(`  Chromium closed during attempt ${attempt}; starting again`)
    }
  }
}

async function measureInChromium(origin: string): Promise<PlaygroundResult> {
  const browser: Browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // tsx compiles this file with esbuild's keepNames, so functions sent to evaluate() call a
    // `__name` helper that only exists here; give every frame a no-op one.
    await page.addInitScript('globalThis.__name ??= (target) => target')
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('crash', () => console.error('  the playground page crashed'))
    browser.on('disconnected', () => console.error('  Chromium went away'))
    await page.goto(`${origin}/playground`)
    await page.waitForFunction(() => window.playground !== undefined, undefined, { timeout: 30_000 })
    const frame = await pluginFrame(page)
    await frame.getByRole('searchbox', { name: 'Search icons' }).or(frame.getByRole('textbox', { name: 'Search icons' })).waitFor()
    await frame.evaluate(installFrameProbe)
    await measureSearch(frame, WARMUP_QUERY)
    const search: SearchSample[] = []
    for (const q of PLAYGROUND_QUERIES) {
      const sample = await measureSearch(frame, q)
      search.push(sample)
      console.log(
        `  search "${q}": response ${sample.responseMs.toFixed(1)} ms, in the DOM ${sample.domMs.toFixed(1)} ms, ` +
          `painted ${sample.paintedMs.toFixed(1)} ms, main thread free ${sample.freeMs.toFixed(1)} ms, thumbnails in view drawn ${sample.thumbnailsMs.toFixed(1)} ms`
      )
    }
    const insert: InsertSample[] = []
    // The first insert warms the main thread's code paths; it is not reported.
    for (let index = 0; index <= INSERTS; index++) {
      const sample = await measureInsert(page, frame, index)
      if (index > 0) insert.push(sample)
      console.log(`  insert ${sample.icon}: ${sample.insertMs.toFixed(1)} ms${index === 0 ? ' (warm-up)' : ''}`)
    }
    if (pageErrors.length > 0) throw new Error(`The playground reported errors: ${pageErrors.join('; ')}`)
    return { search, insert }
  } finally {
    await browser.close()
  }
}
