/**
 * Inserting, swapping size and style in place, placing into frames and
 * dragging onto the canvas, with the real built plugin in Chromium against the real catalogue.
 * Every step is checked on the emulated Figma document, and an insert on the canvas's pixels too.
 * Also saves the playground after an insert.
 */
import svgpath from 'svgpath'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconDetail, SearchResult, StyleDetail } from '../../src/api/catalogue-schemas'
import { iconUrl, searchUrl, styleUrl } from '../../src/api/catalogue-urls'
import type { DocumentSnapshot, NodeSnapshot } from '../../src/playground/figma-emulator/snapshot'
import { importSvg, toFigmaPathData } from '../../src/playground/figma-emulator/svg-import'
import type { RunningCatalogue } from '../support/catalogue'
import {
  allNodes,
  centre,
  choosePreset,
  findNode,
  iconData,
  openSelectionPanel,
  pathData,
  pluginIcons,
  shapesIn,
  saveScreenshot,
  startPlaygroundSession,
  waitForDocument,
  type Playground
} from './support/playground'

const FLUENT = 'Fluent UI System Icons'

let catalogue: RunningCatalogue
let browser: Browser
let playground: Playground
/** The first Fluent icon drawn natively at both 32 and 48 px, in regular and filled. */
let fluentIcon: IconDetail
/** The tile's accessible name ends with the style's display name. */
let fluentStyleName: string
/** The node the Fluent insert places, which the size and style swaps change in place. */
let insertedId: string

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

/** The catalogue's SVG of one of the icon's native drawings, imported the way Figma imports SVG. */
async function nativeDrawing(style: string, size: number): Promise<string[]> {
  const variant = [fluentIcon, ...fluentIcon.variants].find(
    (candidate) => candidate.style === style && ('size' in candidate ? candidate.size : Math.max(fluentIcon.width, fluentIcon.height)) === size
  )
  if (variant === undefined) throw new Error(`${fluentIcon.slug} has no native ${style} ${size} px drawing`)
  const response = await fetch(iconUrl(catalogue.url, 'fluent', variant.slug, { format: 'svg', size }))
  return importSvg(await response.text()).vectors.map((vector) => vector.data)
}

/** Among the first tiles of the Fluent set's grid, which lists the set a drawing at a time. */
async function firstFluentIconWithNativeSizes(): Promise<IconDetail> {
  const tiles = await getJson<SearchResult>(searchUrl(catalogue.url, { iconset: ['fluent'], limit: 40 }))
  for (const summary of tiles.icons) {
    const detail = await getJson<IconDetail>(iconUrl(catalogue.url, 'fluent', summary.slug))
    const natives = (style: string) => new Set(detail.variants.filter((variant) => variant.style === style).map((variant) => variant.size))
    if (detail.style === 'outline' && natives('outline').has(48) && natives('outline').has(32) && natives('solid').has(48)) return detail
  }
  throw new Error('No Fluent icon among the first 40 has native 32 and 48 px drawings')
}

const details = () => playground.plugin.getByRole('region', { name: 'Icon details' })
const fluentTile = () =>
  playground.plugin.getByRole('list', { name: `Icons in ${FLUENT}` }).getByRole('button', { name: `${fluentIcon.name}, ${FLUENT}, ${fluentStyleName}`, exact: true })
const selected = () => playground.plugin.getByRole('region', { name: 'Selected icons' })
const lookToolbar = () => playground.plugin.getByRole('group', { name: /next insert/i })

async function canvasToPage(point: { x: number; y: number }): Promise<{ x: number; y: number }> {
  return playground.page.evaluate((canvasPoint) => window.playground!.canvasToPage(canvasPoint), point)
}

/**
 * Drags a result tile over the canvas at a canvas point, and returns the drop. Headless Chromium
 * cannot carry a native drag out of a frame, so this fires the drag events the browser would fire
 * on the tile; the plugin's own handlers do the rest. As in Figma, dragend reports the drop point
 * relative to the plugin window.
 */
async function dragOverCanvas(tile: Locator, dropPoint: { x: number; y: number }): Promise<() => Promise<void>> {
  const onPage = await canvasToPage(dropPoint)
  const frameBox = (await playground.pluginFrame.boundingBox())!
  const dataTransfer = await tile.evaluateHandle(() => new DataTransfer())
  await tile.dispatchEvent('dragstart', { dataTransfer })
  const overCanvas = await playground.page.evaluateHandle(() => new DataTransfer())
  await playground.page.locator('#canvas').dispatchEvent('dragover', { dataTransfer: overCanvas, clientX: onPage.x, clientY: onPage.y })
  return () => tile.dispatchEvent('dragend', { dataTransfer, clientX: onPage.x - frameBox.x, clientY: onPage.y - frameBox.y })
}

interface Bounds {
  left: number
  top: number
  right: number
  bottom: number
}

/** Where a node's paths lie on the page, in px: Chromium's own bounds of each path, placed at its shape's canvas position. */
async function pathBoundsOnPage(node: NodeSnapshot): Promise<Bounds> {
  const paths = shapesIn(node).flatMap((shape) => (shape.vectorPaths ?? []).map((path) => ({ d: path.data, x: shape.absoluteX, y: shape.absoluteY })))
  return playground.page.evaluate((paths) => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    document.body.append(svg)
    const boxes = paths.map(({ d, x, y }) => {
      const path = document.createElementNS('http://www.w3.org/2000/svg', 'path')
      path.setAttribute('d', d)
      svg.append(path)
      const box = path.getBBox()
      const from = window.playground!.canvasToPage({ x: x + box.x, y: y + box.y })
      const to = window.playground!.canvasToPage({ x: x + box.x + box.width, y: y + box.y + box.height })
      return { left: from.x, top: from.y, right: to.x, bottom: to.y }
    })
    svg.remove()
    return boxes.reduce((all, box) => ({
      left: Math.min(all.left, box.left),
      top: Math.min(all.top, box.top),
      right: Math.max(all.right, box.right),
      bottom: Math.max(all.bottom, box.bottom)
    }))
  }, paths)
}

/**
 * What the page shows in a region, as a person sees it: the bounds, in page px, of the pixels of a
 * screenshot that differ from the region's top-left pixel (the empty canvas), or null if none do.
 */
async function inkOnPage(region: { x: number; y: number; width: number; height: number }): Promise<Bounds | null> {
  const png = (await playground.page.screenshot({ clip: region })).toString('base64')
  return playground.page.evaluate(
    async ({ png, region }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!
      context.drawImage(bitmap, 0, 0)
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
      const scale = width / region.width
      const ink = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity }
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4
          if (Math.max(...[0, 1, 2].map((channel) => Math.abs((data[at + channel] ?? 0) - (data[channel] ?? 0)))) < 48) continue
          ink.left = Math.min(ink.left, x)
          ink.top = Math.min(ink.top, y)
          ink.right = Math.max(ink.right, x + 1)
          ink.bottom = Math.max(ink.bottom, y + 1)
        }
      }
      if (ink.right < 0) return null
      return { left: region.x + ink.left / scale, top: region.y + ink.top / scale, right: region.x + ink.right / scale, bottom: region.y + ink.bottom / scale }
    },
    { png, region }
  )
}

async function select(nodeIds: string[]): Promise<void> {
  await playground.page.evaluate((ids) => window.playground!.select(ids), nodeIds)
}

function only<T>(items: T[], what: string): T {
  expect(items, what).toHaveLength(1)
  return items[0] as T
}

/** The ids of the nodes inside `node`, at any depth. */
function idsInside(node: NodeSnapshot): string[] {
  return (node.children ?? []).flatMap((child) => [child.id, ...idsInside(child)])
}

/** The ids of every node but those inside `id`, whose drawing a swap replaces. */
function nodesBesides(snapshot: DocumentSnapshot, id: string): string[] {
  const swapped = new Set(idsInside(findNode(snapshot, id)!))
  return allNodes(snapshot)
    .map((node) => node.id)
    .filter((nodeId) => !swapped.has(nodeId))
}

function newIcons(before: DocumentSnapshot, after: DocumentSnapshot) {
  const known = pluginIcons(before)
  return [...pluginIcons(after).values()].filter((node) => !known.has(node.id))
}

beforeAll(async () => {
  ;({ catalogue, browser, playground } = await startPlaygroundSession())
  fluentIcon = await firstFluentIconWithNativeSizes()
  fluentStyleName = (await getJson<StyleDetail>(styleUrl(catalogue.url, fluentIcon.style))).name
})

afterAll(async () => {
  await browser?.close()
  await catalogue?.close()
})

describe('the plugin on the emulated canvas', () => {
  it('opens the Fluent set and inserts an icon at 32 px, centred in the viewport', async () => {
    const { plugin } = playground
    await select([])
    const before = await playground.snapshot()
    const viewportCentre = await playground.page.evaluate(() => window.playground!.viewportCenter())

    await plugin.getByRole('tab', { name: 'Icon sets' }).click()
    await plugin.getByRole('button', { name: new RegExp(`^${FLUENT}, `) }).click()
    await fluentTile().click()
    await lookToolbar().getByRole('textbox', { name: 'Size' }).fill('32')
    await details().getByRole('button', { name: 'Insert' }).click()

    const after = await waitForDocument(playground, 'one new icon', (snapshot) => newIcons(before, snapshot).length > 0)
    const icon = only(newIcons(before, after), 'new icons')
    expect(after.children.length, 'one new node on the page').toBe(before.children.length + 1)
    expect(icon.parentId).toBe(after.page.id)
    expect(icon.name).toMatch(/^fluent\//)
    expect([icon.width, icon.height]).toEqual([32, 32])
    expect(iconData(icon)).toMatchObject({ iconset: 'fluent', style: 'outline', size: '32' })
    expect(iconData(icon).icon).toMatch(new RegExp(`^${fluentIcon.slug.replace(/-\d+-regular$/, '')}-`))
    expect(iconData(icon).color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(icon.relaunchData).toHaveProperty('swap')
    // Main rounds positions to whole pixels.
    expect(Math.abs(centre(icon).x - viewportCentre.x)).toBeLessThanOrEqual(0.5)
    expect(Math.abs(centre(icon).y - viewportCentre.y)).toBeLessThanOrEqual(0.5)
    expect(after.selection).toEqual([icon.id])
    expect(pathData(icon)).toEqual(await nativeDrawing('outline', 32))
    insertedId = icon.id

    await saveScreenshot(playground.page, 'playground-after-insert')
  })

  it('the canvas draws it from its paths, where it is and at its size', async () => {
    await select([])
    // The selection outline goes with the selection, leaving only the icon's own drawing.
    await expect.poll(() => playground.page.locator('#canvas .selection-outline').count()).toBe(0)
    const icon = findNode(await playground.snapshot(), insertedId)!
    const topLeft = await canvasToPage({ x: icon.absoluteX, y: icon.absoluteY })
    const bottomRight = await canvasToPage({ x: icon.absoluteX + icon.width, y: icon.absoluteY + icon.height })
    const margin = 12
    const region = {
      x: Math.floor(topLeft.x) - margin,
      y: Math.floor(topLeft.y) - margin,
      width: Math.ceil(bottomRight.x - topLeft.x) + 2 * margin,
      height: Math.ceil(bottomRight.y - topLeft.y) + 2 * margin
    }

    const drawn = await inkOnPage(region)
    const paths = await pathBoundsOnPage(icon)
    expect(drawn, 'ink in the icon’s place').not.toBeNull()
    // Anti-aliased edges too faint to count lie within a pixel of the outline.
    for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(drawn![side] - paths[side]), side).toBeLessThanOrEqual(1.5)
    // Fluent draws its 32 px icons across most of their box: a drawing at the wrong scale would not fit these.
    expect(paths.right - paths.left).toBeGreaterThan((bottomRight.x - topLeft.x) / 2)
    expect(paths.left).toBeGreaterThanOrEqual(topLeft.x - 0.5)
    expect(paths.top).toBeGreaterThanOrEqual(topLeft.y - 0.5)
    expect(paths.right).toBeLessThanOrEqual(bottomRight.x + 0.5)
    expect(paths.bottom).toBeLessThanOrEqual(bottomRight.y + 0.5)
  })

  it('selecting it on the canvas and choosing 48 swaps in the native 48 px drawing, same node', async () => {
    await select([])
    const unswapped = await playground.snapshot()
    const before = findNode(unswapped, insertedId)!
    const point = await canvasToPage(centre(before))
    await playground.page.mouse.click(point.x, point.y)
    await waitForDocument(playground, 'the icon selected', (snapshot) => snapshot.selection.join() === insertedId)
    await expect.poll(() => selected().textContent()).toContain('32 px')

    await choosePreset(lookToolbar(), 48)
    const after = await waitForDocument(playground, 'the icon at 48 px', (snapshot) => findNode(snapshot, insertedId)?.width === 48)
    const icon = findNode(after, insertedId)!
    expect([icon.width, icon.height]).toEqual([48, 48])
    expect(icon.parentId).toBe(before.parentId)
    expect([icon.x, icon.y]).toEqual([before.x, before.y])
    expect(iconData(icon)).toMatchObject({ iconset: 'fluent', style: 'outline', size: '48', color: iconData(before).color })
    expect(newIcons(unswapped, after), 'no icon made beside it').toHaveLength(0)
    expect(nodesBesides(after, insertedId), 'no node made beside it').toEqual(nodesBesides(unswapped, insertedId))

    const native48 = await nativeDrawing('outline', 48)
    const rescaled32 = (await nativeDrawing('outline', 32)).map((data) => toFigmaPathData(svgpath(data).scale(1.5)))
    expect(pathData(icon)).toEqual(native48)
    expect(pathData(icon)).not.toEqual(rescaled32)
  })

  it('swapping its style from regular to filled keeps the node', async () => {
    const unswapped = await playground.snapshot()
    const before = findNode(unswapped, insertedId)!
    await (await openSelectionPanel(playground.plugin)).getByRole('combobox', { name: 'Style' }).selectOption('solid')
    const after = await waitForDocument(playground, 'the icon filled', (snapshot) => {
      const node = findNode(snapshot, insertedId)
      return node !== undefined && iconData(node).style === 'solid'
    })
    const icon = findNode(after, insertedId)!
    expect(icon.id).toBe(before.id)
    expect([icon.width, icon.height, icon.x, icon.y]).toEqual([48, 48, before.x, before.y])
    expect(iconData(icon).icon).toMatch(/-filled$/)
    expect(pathData(icon)).toEqual(await nativeDrawing('solid', 48))
    expect(pathData(icon)).not.toEqual(pathData(before))
    expect(newIcons(unswapped, after), 'no icon made beside it').toHaveLength(0)
    expect(nodesBesides(after, insertedId), 'no node made beside it').toEqual(nodesBesides(unswapped, insertedId))
  })

  it('with a frame selected the icon lands inside it; in an auto-layout frame it is appended', async () => {
    const frames = await playground.page.evaluate(() => window.playground!.frames)
    const card = findNode(await playground.snapshot(), frames.plain)!
    // A click on the frame's empty area selects it, as in Figma.
    const inCard = await canvasToPage({ x: card.absoluteX + 12, y: card.absoluteY + 12 })
    await playground.page.mouse.click(inCard.x, inCard.y)
    let before = await waitForDocument(playground, 'the card selected', (snapshot) => snapshot.selection.join() === card.id)
    await fluentTile().click()
    await details().getByRole('button', { name: 'Insert' }).click()
    let after = await waitForDocument(playground, 'an icon in the card', (snapshot) => newIcons(before, snapshot).length > 0)
    const inFrame = only(newIcons(before, after), 'new icons')
    expect(inFrame.parentId).toBe(card.id)
    expect(Math.abs(inFrame.x + inFrame.width / 2 - card.width / 2)).toBeLessThanOrEqual(0.5)
    expect(Math.abs(inFrame.y + inFrame.height / 2 - card.height / 2)).toBeLessThanOrEqual(0.5)

    // This time through the layers panel.
    await playground.page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: /Toolbar \(auto layout\)$/ }).click()
    before = await waitForDocument(playground, 'the toolbar selected', (snapshot) => snapshot.selection.join() === frames.autoLayout)
    const toolbarBefore = findNode(before, frames.autoLayout)!
    await fluentTile().click()
    await details().getByRole('button', { name: 'Insert' }).click()
    after = await waitForDocument(playground, 'an icon in the toolbar', (snapshot) => newIcons(before, snapshot).length > 0)
    const appended = only(newIcons(before, after), 'new icons')
    const toolbar = findNode(after, frames.autoLayout)!
    const children = toolbar.children ?? []
    expect(appended.parentId).toBe(toolbar.id)
    expect(children.map((child) => child.id)).toEqual([...(toolbarBefore.children ?? []).map((child) => child.id), appended.id])
    const previous = children[children.length - 2]!
    expect(appended.x).toBe(previous.x + previous.width + (toolbar.itemSpacing ?? 0))

    // A double click on a result inserts it there too, once, as Enter would.
    before = after
    await fluentTile().dblclick()
    after = await waitForDocument(playground, 'a double-clicked icon in the toolbar', (snapshot) => newIcons(before, snapshot).length > 0)
    expect(only(newIcons(before, after), 'new icons').parentId).toBe(toolbar.id)
    // Nothing more comes: the double click's two clicks only opened the details.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(newIcons(before, await playground.snapshot())).toHaveLength(1)
  })

  it('dragging a search result onto a frame inserts it at the drop point, inside that frame', async () => {
    const { plugin } = playground
    await plugin.getByRole('tab', { name: 'Search' }).click()
    const answered = playground.page.waitForResponse((response) => new URL(response.url()).pathname === '/search')
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('rocket')
    const [first] = ((await (await answered).json()) as SearchResult).icons
    if (first === undefined) throw new Error('No search results for "rocket"')
    const frames = await playground.page.evaluate(() => window.playground!.frames)
    const before = await playground.snapshot()
    const card = findNode(before, frames.plain)!
    const dropPoint = { x: card.absoluteX + 64, y: card.absoluteY + 56 }

    const tile = plugin.getByRole('list', { name: 'Search results' }).getByRole('button').first()
    expect(await tile.getAttribute('aria-label')).toContain(`${first.name}, `)
    const drop = await dragOverCanvas(tile, dropPoint)
    // Over the canvas, the playground outlines the frame the icon would land in.
    const canvas = playground.page.locator('#canvas')
    await expect.poll(() => canvas.locator('.drop-outline').count()).toBe(1)
    await drop()

    const after = await waitForDocument(playground, 'the dropped icon', (snapshot) => newIcons(before, snapshot).length > 0)
    const dropped = only(newIcons(before, after), 'new icons')
    expect(dropped.parentId).toBe(card.id)
    expect(dropped.name.startsWith(`${first.iconset}/`)).toBe(true)
    expect(iconData(dropped).iconset).toBe(first.iconset)
    expect(Math.abs(centre(dropped).x - dropPoint.x)).toBeLessThanOrEqual(0.5)
    expect(Math.abs(centre(dropped).y - dropPoint.y)).toBeLessThanOrEqual(0.5)
    expect(allNodes(after).filter((node) => node.parentId === after.page.id)).toHaveLength(before.children.length)

    expect(await canvas.locator('.drop-outline').count()).toBe(0)
    await select([dropped.id])
    await saveScreenshot(playground.page, 'playground-after-drop')
  })
  it('dragging one of several picked results onto a frame drops them all there, as a row from the drop point', async () => {
    const { plugin } = playground
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('arrow')
    await expect.poll(() => plugin.getByRole('status').filter({ hasText: /drawings? for/ }).textContent()).toMatch(/for “arrow”$/)
    const tile = (index: number) => plugin.getByRole('list', { name: 'Search results' }).locator(`[data-index="${index}"]`)
    await tile(2).waitFor()
    await tile(0).click({ modifiers: ['ControlOrMeta'] })
    await tile(2).click({ modifiers: ['ControlOrMeta'] })
    const bar = plugin.getByRole('region', { name: 'Picked icons' })
    await expect.poll(() => bar.textContent()).toContain('2 icons picked')
    const frames = await playground.page.evaluate(() => window.playground!.frames)
    const before = await playground.snapshot()
    const card = findNode(before, frames.plain)!
    const dropPoint = { x: card.absoluteX + 40, y: card.absoluteY + 120 }

    await (await dragOverCanvas(tile(2), dropPoint))()
    const after = await waitForDocument(playground, 'the two dropped icons', (snapshot) => newIcons(before, snapshot).length === 2)
    const [left, right] = newIcons(before, after).sort((a, b) => a.x - b.x)
    expect([left?.parentId, right?.parentId]).toEqual([card.id, card.id])
    expect(Math.abs(centre(left!).x - dropPoint.x)).toBeLessThanOrEqual(0.5)
    expect(Math.abs(centre(left!).y - dropPoint.y)).toBeLessThanOrEqual(0.5)
    expect(right!.y).toBe(left!.y)
    expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width)
    expect([...after.selection].sort()).toEqual([left!.id, right!.id].sort())
    await expect.poll(() => bar.count()).toBe(0)
  })

  it('the canvas pans with scroll, zooms about the pointer, and Delete removes the selection', async () => {
    const { page } = playground
    const before = await playground.snapshot()
    const target = [...pluginIcons(before).values()].find((node) => node.parentId === before.page.id)!
    const point = await canvasToPage(centre(target))
    const centreBefore = before.viewport.center

    await page.mouse.move(point.x, point.y)
    await page.mouse.wheel(0, 100)
    const panned = await waitForDocument(playground, 'the viewport panned', (snapshot) => snapshot.viewport.center.y !== centreBefore.y)
    expect(panned.viewport.center.y - centreBefore.y).toBeCloseTo(100 / before.viewport.zoom)

    // The pointer sits on whole pixels; the canvas point under it must stay under it.
    const exact = await canvasToPage(centre(target))
    const pointer = { x: Math.round(exact.x), y: Math.round(exact.y) }
    const anchor = {
      x: centre(target).x + (pointer.x - exact.x) / panned.viewport.zoom,
      y: centre(target).y + (pointer.y - exact.y) / panned.viewport.zoom
    }
    await page.mouse.move(pointer.x, pointer.y)
    await page.keyboard.down('Control')
    await page.mouse.wheel(0, -200)
    await page.keyboard.up('Control')
    const zoomed = await waitForDocument(playground, 'the viewport zoomed in', (snapshot) => snapshot.viewport.zoom > panned.viewport.zoom)
    const anchorAfter = await canvasToPage(anchor)
    expect(anchorAfter.x).toBeCloseTo(pointer.x, 3)
    expect(anchorAfter.y).toBeCloseTo(pointer.y, 3)
    expect(zoomed.viewport.zoom).toBeCloseTo(panned.viewport.zoom * Math.E, 3)

    const after = await canvasToPage(centre(target))
    await page.mouse.click(after.x, after.y)
    await waitForDocument(playground, 'the icon selected', (snapshot) => snapshot.selection.join() === target.id)
    await page.keyboard.press('Delete')
    const removed = await waitForDocument(playground, 'the icon removed', (snapshot) => findNode(snapshot, target.id) === undefined)
    expect(removed.selection).toEqual([])
    expect(removed.children).toHaveLength(before.children.length - 1)
  })
})
