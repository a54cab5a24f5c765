/**
 * The designer's controls in the real plugin in Chromium against the real catalogue: a colour
 * typed in the toolbar tints the grid previews and the next insert; with the inserted icon
 * selected the toolbar's size presets and colour swap it in place, keeping a shape the designer drew
 * inside it; the selection panel leaves
 * the grid most of the window; the window resizes from its corner and remembers its size.
 * Checked on the emulated Figma document.
 */
import { solidHex } from '../support/paints'
import { describe, expect, it } from 'vitest'
import type { DocumentSnapshot, NodeSnapshot } from '../../src/playground/figma-emulator/snapshot'
import { allNodes, choosePreset, dragWindowCorner, findNode, iconData, openSelectionPanel, pluginIcons, saveScreenshot, playgroundSessionPerFile, waitForDocument, type Playground } from './support/playground'

let playground: Playground

playgroundSessionPerFile((session) => ({ playground } = session))

const toolbar = () => playground.plugin.getByRole('group', { name: /next insert/i })
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })

/** Every solid colour painted inside an icon node, but in the layer `leaving` and what it holds. */
function colorsIn(snapshot: DocumentSnapshot, icon: NodeSnapshot, leaving?: string): Set<string | null> {
  const inside = allNodes(snapshot).filter(
    (node) => node.id !== icon.id && isInside(snapshot, node.id, icon.id) && node.id !== leaving && (leaving === undefined || !isInside(snapshot, node.id, leaving))
  )
  return new Set(inside.flatMap((node) => [...(node.fills ?? []), ...(node.strokes ?? [])].map(solidHex)))
}

/** The stroke weights of every stroked layer inside an icon node. */
function strokeWeightsIn(snapshot: DocumentSnapshot, icon: NodeSnapshot): Set<number> {
  const inside = allNodes(snapshot).filter((node) => isInside(snapshot, node.id, icon.id) && (node.strokes ?? []).length > 0)
  return new Set(inside.map((node) => Math.round((node.strokeWeight ?? 0) * 1000) / 1000))
}

function isInside(snapshot: DocumentSnapshot, nodeId: string, ancestorId: string): boolean {
  let node = findNode(snapshot, nodeId)
  while (node !== undefined) {
    if (node.parentId === ancestorId) return true
    node = findNode(snapshot, node.parentId)
  }
  return false
}

describe('the toolbar above the grid', () => {
  let insertedId = ''
  let rowIds: string[] = []

  it('a typed hex colour tints the grid previews and the next insert', async () => {
    const { plugin } = playground
    await playground.page.evaluate(() => window.playground!.select([]))
    const color = toolbar().getByRole('textbox', { name: 'Colour', exact: true })
    await color.fill('#0F6CBD')
    await color.press('Enter')
    await expect.poll(() => toolbar().getByLabel('Colour picker').inputValue()).toBe('#0f6cbd')

    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('house')
    const first = results().locator('[data-index="0"]')
    // A preview is drawn in the colour: as the URL's color, or inside the SVG that came with the results.
    await expect.poll(async () => decodeURIComponent((await first.locator('img').getAttribute('src')) ?? '')).toContain('#0f6cbd')
    await saveScreenshot(playground.pluginFrame, 'plugin-toolbar')

    const before = await playground.snapshot()
    await first.focus()
    await first.press('Enter')
    const after = await waitForDocument(playground, 'a new icon', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(after).values()].find((node) => !pluginIcons(before).has(node.id))!
    expect([icon.width, icon.height]).toEqual([24, 24])
    expect(iconData(icon).color).toBe('#0f6cbd')
    expect(colorsIn(after, icon)).toEqual(new Set(['#0f6cbd']))
    expect(after.selection).toEqual([icon.id])
    insertedId = icon.id
  })

  it('with the icon selected, a size preset and a new colour swap it in place', async () => {
    await expect.poll(() => toolbar().getByRole('textbox', { name: 'Size' }).inputValue()).toBe('24')
    const before = findNode(await playground.snapshot(), insertedId)!

    await choosePreset(toolbar(), 48)
    let after = await waitForDocument(playground, 'the icon at 48 px', (snapshot) => findNode(snapshot, insertedId)?.width === 48)
    let icon = findNode(after, insertedId)!
    expect([icon.parentId, icon.x, icon.y, icon.height]).toEqual([before.parentId, before.x, before.y, 48])

    const color = toolbar().getByRole('textbox', { name: 'Colour', exact: true })
    await color.fill('f60')
    await color.press('Enter')
    after = await waitForDocument(playground, 'the icon orange', (snapshot) => {
      const node = findNode(snapshot, insertedId)
      return node !== undefined && iconData(node).color === '#ff6600'
    })
    icon = findNode(after, insertedId)!
    expect(colorsIn(after, icon)).toEqual(new Set(['#ff6600']))
    expect([icon.width, icon.x, icon.y]).toEqual([48, before.x, before.y])
    expect(pluginIcons(after).size).toBe(pluginIcons(await playground.snapshot()).size)
  })

  it('a held ↑ or ↓ in Size swaps the selected icon by every step, though the steps outrun the swaps', async () => {
    const size = toolbar().getByRole('textbox', { name: 'Size' })
    await expect.poll(() => size.inputValue()).toBe('48')
    await size.focus()
    // A key held down repeats about every 30 ms, faster than a swap goes to Figma and back.
    for (const key of ['ArrowUp', 'ArrowDown']) {
      for (let step = 0; step < 10; step++) {
        await playground.page.keyboard.press(key)
        await playground.page.waitForTimeout(30)
      }
      const wanted = key === 'ArrowUp' ? 58 : 48
      await waitForDocument(playground, `the icon at ${wanted} px`, (snapshot) => findNode(snapshot, insertedId)?.width === wanted)
      await expect.poll(() => size.inputValue()).toBe(String(wanted))
      expect(await size.evaluate((element) => element === document.activeElement)).toBe(true)
    }
  })

  it('a star the designer drew inside the selected icon stays, in its own colour, through a new colour and a size swap', async () => {
    const starId = await playground.page.evaluate((parentId) => window.playground!.drawStar(parentId, { x: 30, y: 2, width: 12, height: 12 }, '#ff0000'), insertedId)
    const color = toolbar().getByRole('textbox', { name: 'Colour', exact: true })
    await color.fill('#0F6CBD')
    await color.press('Enter')
    let after = await waitForDocument(playground, 'the icon blue', (snapshot) => {
      const node = findNode(snapshot, insertedId)
      return node !== undefined && iconData(node).color === '#0f6cbd'
    })
    let star = findNode(after, starId)!
    expect(star.parentId).toBe(insertedId)
    expect((star.fills ?? []).map(solidHex)).toEqual(['#ff0000'])
    const drawing = (snapshot: DocumentSnapshot) => colorsIn(snapshot, findNode(snapshot, insertedId)!, starId)
    expect(drawing(after)).toEqual(new Set(['#0f6cbd']))

    await choosePreset(toolbar(), 24)
    after = await waitForDocument(playground, 'the icon at 24 px', (snapshot) => findNode(snapshot, insertedId)?.width === 24)
    star = findNode(after, starId)!
    expect([star.parentId, star.x, star.y, star.width]).toEqual([insertedId, 15, 1, 6])
    expect((star.fills ?? []).map(solidHex)).toEqual(['#ff0000'])
    expect(drawing(after)).toEqual(new Set(['#0f6cbd']))

    // Back to 48 px, the size the next test's insert expects to find in the toolbar.
    await choosePreset(toolbar(), 48)
    after = await waitForDocument(playground, 'the icon at 48 px again', (snapshot) => findNode(snapshot, insertedId)?.width === 48)
    expect(findNode(after, starId)).toMatchObject({ parentId: insertedId, x: 30, y: 2, width: 12 })
  })

  it('the grid keeps at least 70% of the window with icons selected; their panel opens above the toolbar, and folds back', async () => {
    const frame = (await playground.pluginFrame.boundingBox())!
    const grid = async () => (await results().boundingBox())!.height
    // Named by what it says alone: its ▸ is hidden from screen readers, which hear aria-expanded instead.
    await expect.poll(() => playground.plugin.getByRole('button', { name: '1 icon selected', exact: true }).count()).toBe(1)
    expect(await grid()).toBeGreaterThanOrEqual(frame.height * 0.7)
    const folded = await grid()
    const panel = await openSelectionPanel(playground.plugin)
    const style = panel.getByRole('combobox', { name: 'Style' })
    await style.waitFor()
    // In flow under the tabs: the toolbar it applies with moves down rather than being covered.
    expect((await style.boundingBox())!.y + (await style.boundingBox())!.height).toBeLessThanOrEqual((await toolbar().boundingBox())!.y)
    await style.press('Escape')
    await expect.poll(() => style.count()).toBe(0)
    // Escape folded the panel, gave the grid its height back and left the search as it was.
    expect(await grid()).toBe(folded)
    expect(await playground.plugin.getByRole('textbox', { name: 'Search icons' }).inputValue()).toBe('house')
  })

  it('with nothing selected or open, the grid keeps at least 70% of the window', async () => {
    await playground.page.evaluate(() => window.playground!.select([]))
    await expect.poll(() => playground.plugin.getByRole('region', { name: 'Selected icons' }).count()).toBe(0)
    const frame = (await playground.pluginFrame.boundingBox())!
    expect((await results().boundingBox())!.height).toBeGreaterThanOrEqual(frame.height * 0.7)
  })

  it('a stroke width is absolute px on a Lucide icon and stays through a size swap', async () => {
    const { plugin } = playground
    await playground.page.evaluate(() => window.playground!.select([]))
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Next insert')
    const stroke = toolbar().getByRole('textbox', { name: 'Stroke' })
    await stroke.fill('1.5')
    await stroke.press('Enter')
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('house')
    const lucide = results().getByRole('button', { name: /^House, Lucide, / }).first()
    const before = await playground.snapshot()
    await lucide.focus()
    await lucide.press('Enter')
    let after = await waitForDocument(playground, 'a Lucide icon', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(after).values()].find((node) => !pluginIcons(before).has(node.id))!
    // 48 px: the size the previous test chose stays for the next insert.
    expect(iconData(icon)).toMatchObject({ iconset: 'lucide', size: '48', strokeWidth: '1.5' })
    expect(strokeWeightsIn(after, icon)).toEqual(new Set([1.5]))
    await saveScreenshot(playground.pluginFrame, 'plugin-stroke')

    await choosePreset(toolbar(), 20)
    after = await waitForDocument(playground, 'the Lucide icon at 20 px', (snapshot) => findNode(snapshot, icon.id)?.width === 20)
    expect(strokeWeightsIn(after, findNode(after, icon.id)!)).toEqual(new Set([1.5]))
  })

  it('a Heroicons icon at a 1 px stroke comes back from Solid at 1 px, whatever the next insert’s stroke', async () => {
    const { plugin } = playground
    await playground.page.evaluate(() => window.playground!.select([]))
    const stroke = toolbar().getByRole('textbox', { name: 'Stroke' })
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('bell')
    const bell = results().getByRole('button', { name: /^Bell, Heroicons, Outline/ }).first()
    const before = await playground.snapshot()
    await bell.focus()
    await bell.press('Enter')
    const inserted = await waitForDocument(playground, 'a Heroicons bell', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(inserted).values()].find((node) => !pluginIcons(before).has(node.id))!
    await stroke.fill('1')
    await stroke.press('Enter')
    await waitForDocument(playground, 'the bell at 1 px', (snapshot) => iconData(findNode(snapshot, icon.id)!).strokeWidth === '1')

    const style = (await openSelectionPanel(plugin)).getByRole('combobox', { name: 'Style' })
    await style.selectOption('solid')
    await waitForDocument(playground, 'the bell solid', (snapshot) => iconData(findNode(snapshot, icon.id)!).style === 'solid')
    // Setting 1 px chose it for the next insert too: as drawn again, so only the icon's own can bring 1 px back.
    await playground.page.evaluate(() => window.playground!.select([]))
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Next insert')
    await stroke.fill('')
    await stroke.press('Enter')
    await playground.page.evaluate((id) => window.playground!.select([id]), icon.id)
    await expect.poll(() => style.inputValue()).toBe('solid')
    // Swap set previews Lucide's bell at the width a swap would give it back, 1 px, not as drawn (2 of Lucide's 24 units).
    const selected = plugin.getByRole('region', { name: 'Selected icons' })
    await selected.getByRole('combobox', { name: 'Swap set', exact: true }).selectOption({ label: 'Lucide' })
    const preview = selected.getByRole('listitem', { name: /^Bell to / }).locator('img').nth(1)
    const size = findNode(await playground.snapshot(), icon.id)!.width
    const widthsShown = async () => [...new Set(decodeURIComponent((await preview.getAttribute('src')) ?? '').match(/stroke-width="[^"]*"/g))]
    await expect.poll(widthsShown).toEqual([`stroke-width="${Math.round((24 / size) * 10_000) / 10_000}"`])
    await selected.getByRole('button', { name: 'Cancel' }).click()
    await style.selectOption('outline')
    const back = await waitForDocument(playground, 'the bell outline again', (snapshot) => iconData(findNode(snapshot, icon.id)!).style === 'outline')
    expect(iconData(findNode(back, icon.id)!)).toMatchObject({ iconset: 'heroicons', icon: 'bell', strokeWidth: '1' })
    expect(strokeWeightsIn(back, findNode(back, icon.id)!)).toEqual(new Set([1]))
    await expect.poll(() => stroke.inputValue()).toBe('1')
    await plugin.getByRole('region', { name: 'Selected icons' }).getByRole('heading').getByRole('button').click()
  })

  it('a Phosphor icon’s lines, outlined into fills, widen to the stroke width in their own colour, and keep it through a size swap', async () => {
    const { plugin } = playground
    await playground.page.evaluate(() => window.playground!.select([]))
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Next insert')
    await choosePreset(toolbar(), 24)
    const stroke = toolbar().getByRole('textbox', { name: 'Stroke' })
    await stroke.fill('2')
    await stroke.press('Enter')
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('house')
    const house = results().getByRole('button', { name: /^House, Phosphor, / }).first()
    const before = await playground.snapshot()
    await house.focus()
    await house.press('Enter')
    const inserted = await waitForDocument(playground, 'a Phosphor house', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(inserted).values()].find((node) => !pluginIcons(before).has(node.id))!
    expect(iconData(icon)).toMatchObject({ iconset: 'ph', size: '24', strokeWidth: '2' })
    // Its 16-unit lines are 1.5 px at 24: each filled shape is stroked 0.5 px more, centred, round-joined, in its fill.
    const widenings = (snapshot: DocumentSnapshot) =>
      allNodes(snapshot)
        .filter((node) => isInside(snapshot, node.id, icon.id) && node.type === 'VECTOR')
        .map((node) => ({
          weight: (node.strokes ?? []).length === 0 ? 0 : Math.round((node.strokeWeight ?? 0) * 1000) / 1000,
          join: node.strokeJoin,
          align: node.strokeAlign,
          inFills: JSON.stringify(node.strokes) === JSON.stringify(node.fills)
        }))
    expect(widenings(inserted)).toEqual([{ weight: 0.5, join: 'ROUND', align: 'CENTER', inFills: true }])

    // At 20 px its lines are 1.25 px: 2 px is 0.75 more, not the 0.417 a rescale would leave.
    await choosePreset(toolbar(), 20)
    const smaller = await waitForDocument(playground, 'the Phosphor house at 20 px', (snapshot) => findNode(snapshot, icon.id)?.width === 20)
    expect(widenings(smaller)).toEqual([{ weight: 0.75, join: 'ROUND', align: 'CENTER', inFills: true }])
    expect(iconData(findNode(smaller, icon.id)!)).toMatchObject({ size: '20', strokeWidth: '2' })
    await playground.page.evaluate(() => window.playground!.select([]))
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Next insert')
    await stroke.fill('')
    await stroke.press('Enter')
  })

  it('several results picked with Cmd/Ctrl- and Shift-click go in as one row', async () => {
    const { plugin } = playground
    await playground.page.evaluate(() => window.playground!.select([]))
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('arrow')
    await expect.poll(() => plugin.getByRole('status').filter({ hasText: /drawings? for/ }).textContent()).toMatch(/for “arrow”$/)
    await expect.poll(() => results().locator('[data-index="3"]').count()).toBe(1)
    const before = await playground.snapshot()
    await results().locator('[data-index="0"]').click({ modifiers: ['ControlOrMeta'] })
    await results().locator('[data-index="2"]').click({ modifiers: ['Shift'] })
    const bar = plugin.getByRole('region', { name: 'Picked icons' })
    await expect.poll(() => bar.textContent()).toContain('3 icons picked')
    // A pick looks picked under the mouse too, which is still on the tile Shift-clicked last.
    const look = (index: number) =>
      results()
        .locator(`[data-index="${index}"]`)
        .evaluate((tile) => ({ fill: getComputedStyle(tile).backgroundColor, ring: getComputedStyle(tile).boxShadow }))
    const picked = await look(0)
    expect(await look(2)).toEqual(picked)
    // The icon opened in the details wears a ring, not the picked fill, so it is not taken for a fourth pick.
    await results().locator('[data-index="3"]').click()
    await plugin.getByRole('region', { name: 'Icon details' }).waitFor()
    await playground.page.mouse.move(0, 0)
    const opened = await look(3)
    expect(opened.fill).not.toBe(picked.fill)
    expect(opened.ring).not.toBe(picked.ring)
    await results().locator('[data-index="3"]').press('Escape')
    await expect.poll(() => plugin.getByRole('region', { name: 'Icon details' }).count()).toBe(0)
    expect(await bar.textContent()).toContain('3 icons picked')
    await saveScreenshot(playground.pluginFrame, 'plugin-multi-insert')
    await bar.getByRole('button', { name: 'Insert 3 icons' }).click()

    const after = await waitForDocument(playground, 'three new icons', (snapshot) => pluginIcons(snapshot).size === pluginIcons(before).size + 3)
    const row = [...pluginIcons(after).values()].filter((node) => !pluginIcons(before).has(node.id))
    expect(after.selection.sort()).toEqual(row.map((node) => node.id).sort())
    expect(new Set(row.map((node) => node.parentId))).toEqual(new Set([after.page.id]))
    expect(new Set(row.map((node) => node.y + node.height / 2)).size).toBe(1)
    const xs = row.map((node) => node.x)
    expect([...xs].sort((a, b) => a - b)).toEqual(xs)
    await expect.poll(() => bar.count()).toBe(0)
    rowIds = row.map((node) => node.id)
  })

  it('↑ held on Mixed sizes steps each selected icon from its own size, and the box still says Mixed', async () => {
    const [first, ...others] = rowIds
    await playground.page.evaluate((id) => window.playground!.select([id]), first!)
    await choosePreset(toolbar(), 16)
    await waitForDocument(playground, 'the first icon at 16 px', (snapshot) => findNode(snapshot, first!)?.width === 16)
    const before = await playground.snapshot()
    const widths = (snapshot: DocumentSnapshot) => rowIds.map((id) => findNode(snapshot, id)!.width)
    const [, other] = widths(before)
    expect(other).not.toBe(16)

    await playground.page.evaluate((ids) => window.playground!.select(ids), [first!, ...others])
    const size = toolbar().getByRole('textbox', { name: 'Size' })
    await expect.poll(() => size.getAttribute('placeholder')).toBe('Mixed')
    await size.focus()
    for (let step = 0; step < 5; step++) {
      await playground.page.keyboard.press('ArrowUp')
      await playground.page.waitForTimeout(30)
    }
    const wanted = widths(before).map((width) => width + 5)
    const after = await waitForDocument(playground, `the icons at ${wanted.join(', ')} px`, (snapshot) => widths(snapshot).join() === wanted.join())
    expect(rowIds.map((id) => findNode(after, id)!.height)).toEqual(wanted)
    expect(await size.inputValue()).toBe('')
    await expect.poll(() => size.getAttribute('placeholder')).toBe('Mixed')
  })

  it('Ctrl+Z with focus still in the plugin takes back the insert Enter just made', async () => {
    await playground.page.evaluate(() => window.playground!.select([]))
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('star')
    const first = results().locator('[data-index="0"]')
    await expect.poll(() => first.getAttribute('aria-label')).toMatch(/^Star/)
    const before = await playground.snapshot()
    await first.focus()
    await first.press('Enter')
    await waitForDocument(playground, 'the star inserted', (snapshot) => pluginIcons(snapshot).size === pluginIcons(before).size + 1)
    // Focus never left the tile: the key goes to the plugin's window, not to the canvas.
    await first.press('Control+z')
    const undone = await waitForDocument(playground, 'the insert undone', (snapshot) => pluginIcons(snapshot).size === pluginIcons(before).size)
    expect([...pluginIcons(undone).keys()]).toEqual([...pluginIcons(before).keys()])
  })

  it('the window resizes from its corner and reopens at that size', async () => {
    const { page } = playground
    const before = (await playground.pluginFrame.boundingBox())!
    await dragWindowCorner(playground, 120, 100)
    await expect.poll(async () => (await playground.pluginFrame.boundingBox())?.width).toBe(before.width + 120)
    expect((await playground.pluginFrame.boundingBox())?.height).toBe(before.height + 100)
    await expect
      .poll(() => playground.hook((hook) => JSON.stringify((hook.clientStorage().preferences as { window?: unknown }).window)))
      .toBe(JSON.stringify({ width: before.width + 120, height: before.height + 100 }))
    await saveScreenshot(playground.page, 'playground-resized')

    await page.reload()
    await page.waitForFunction(() => window.playground !== undefined)
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).waitFor()
    const reopened = (await playground.pluginFrame.boundingBox())!
    expect([reopened.width, reopened.height]).toEqual([before.width + 120, before.height + 100])
  })
})
