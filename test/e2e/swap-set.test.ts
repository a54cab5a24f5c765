/**
 * Swap set in the real plugin in Chromium against the real catalogue: three Lucide icons in a
 * frame, the frame selected, moved to Phosphor. The plugin lists each icon's match before anything
 * changes; confirming swaps all three in place, and one undo brings all three back. Then an
 * alternative picked for one and another kept: only those chosen change. Checked on the emulated
 * Figma document.
 */
import { describe, expect, it } from 'vitest'
import type { DocumentSnapshot } from '../../src/playground/figma-emulator/snapshot'
import { findNode, iconData, openSelectionPanel, pluginIcons, saveScreenshot, playgroundSessionPerFile, waitForDocument, type Playground } from './support/playground'
import { humanName } from '../../src/api/icon-name'

let playground: Playground

playgroundSessionPerFile((session) => ({ playground } = session))

const LUCIDE = [
  { query: 'house', result: /^House, Lucide, /, phosphor: 'house' },
  { query: 'settings', result: /^Settings, Lucide, /, phosphor: 'gear' },
  { query: 'search', result: /^Search, Lucide, /, phosphor: 'magnifying-glass' }
] as const

const select = (ids: string[]) => playground.page.evaluate((nodeIds) => window.playground!.select(nodeIds), ids)
const panel = () => playground.plugin.getByRole('region', { name: 'Selected icons' })

/** The icons of the frame, in layer order. */
function iconsIn(snapshot: DocumentSnapshot, frameId: string) {
  return [...pluginIcons(snapshot).values()].filter((node) => node.parentId === frameId)
}

describe('Swap set', () => {
  it('moves the icons of a selected frame from Lucide to Phosphor after showing the matches, as one undo step', async () => {
    const { plugin, page } = playground
    const card = await playground.hook((hook) => hook.frames.plain)
    await select([card])
    for (const icon of LUCIDE) {
      const before = await playground.snapshot()
      await plugin.getByRole('textbox', { name: 'Search icons' }).fill(icon.query)
      const result = plugin.getByRole('list', { name: 'Search results' }).getByRole('button', { name: icon.result }).first()
      await result.focus()
      await result.press('Enter')
      // The new icon is selected, so the next one lands beside it in the same frame.
      await waitForDocument(playground, `Lucide ${icon.query} in the card`, (snapshot) => iconsIn(snapshot, card).length > iconsIn(before, card).length)
    }

    await select([card])
    await expect.poll(() => panel().getByRole('button', { name: '3 icons in the selection' }).count()).toBe(1)
    const before = await playground.snapshot()
    const lucide = iconsIn(before, card)
    expect(lucide.map((node) => iconData(node).icon)).toEqual(LUCIDE.map((icon) => icon.query))

    await openSelectionPanel(playground.plugin)
    await panel().getByRole('combobox', { name: 'Swap set', exact: true }).selectOption({ label: 'Phosphor' })
    const preview = panel().getByRole('list', { name: 'Swap to Phosphor' })
    await expect
      .poll(() => preview.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')?.split(',')[0])))
      .toEqual(LUCIDE.map((icon) => `${humanName(icon.query)} to ${humanName(icon.phosphor)}`))
    await expect.poll(() => preview.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true)
    await saveScreenshot(playground.pluginFrame, 'plugin-swap-set')
    // The matches, which name each icon, take the room of the icons' own list. A panel too short for
    // them (capped here, as many icons in a short window make it) scrolls them, Cancel and Swap at its
    // foot with no row showing below them.
    expect(await panel().locator('.ic-selection-list').isVisible()).toBe(false)
    const foot = await panel()
      .locator('#ic-selection-body')
      .evaluate((body) => {
        body.style.maxHeight = '120px'
        const bar = body.querySelector('.ic-swap-preview > .ic-actions')!.getBoundingClientRect()
        const bottom = body.getBoundingClientRect().bottom
        const rows = [...body.querySelectorAll('li')].map((row) => row.getBoundingClientRect())
        const seen = { scrolls: body.scrollHeight > body.clientHeight, gap: Math.round(bottom - bar.bottom), below: rows.filter((row) => Math.min(row.bottom, bottom) - Math.max(row.top, bar.bottom) > 0.5).length }
        body.style.maxHeight = ''
        return seen
      })
    expect(foot).toEqual({ scrolls: true, gap: 0, below: 0 })
    // Only the list so far: the canvas is as it was.
    expect(iconsIn(await playground.snapshot(), card).map((node) => iconData(node).iconset)).toEqual(['lucide', 'lucide', 'lucide'])

    await panel().getByRole('button', { name: 'Swap 3 icons' }).click()
    const after = await waitForDocument(playground, 'the three icons in Phosphor', (snapshot) =>
      lucide.every((node) => iconData(findNode(snapshot, node.id) ?? node).iconset === 'ph')
    )
    lucide.forEach((node, index) => {
      const swapped = findNode(after, node.id)!
      expect(iconData(swapped)).toMatchObject({ iconset: 'ph', icon: LUCIDE[index]?.phosphor, size: iconData(node).size, color: iconData(node).color })
      expect([swapped.parentId, swapped.x, swapped.y, swapped.width]).toEqual([card, node.x, node.y, node.width])
      expect(swapped.name).toBe(`ph/${LUCIDE[index]?.phosphor}`)
    })
    expect(iconsIn(after, card).map((node) => node.id)).toEqual(lucide.map((node) => node.id))
    await expect.poll(() => plugin.getByText('Swapped 3 icons to Phosphor').count()).toBe(1)

    // Ctrl+Z on the canvas: focus leaves the plugin's iframe for the playground page first.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Control+z')
    const undone = await waitForDocument(playground, 'all three back in Lucide', (snapshot) =>
      lucide.every((node) => iconData(findNode(snapshot, node.id) ?? node).iconset === 'lucide')
    )
    lucide.forEach((node) => {
      const restored = findNode(undone, node.id)!
      expect([restored.name, restored.x, restored.y, restored.width, iconData(restored).icon]).toEqual([node.name, node.x, node.y, node.width, iconData(node).icon])
    })
  })

  it('swaps to the alternative the designer picks and leaves the icon they keep', async () => {
    // The first test leaves the card's three Lucide icons as they were.
    const card = await playground.hook((hook) => hook.frames.plain)
    await select([card])
    const before = await playground.snapshot()
    const lucide = iconsIn(before, card)
    expect(lucide.map((node) => iconData(node).icon)).toEqual(LUCIDE.map((icon) => icon.query))

    await openSelectionPanel(playground.plugin)
    await panel().getByRole('combobox', { name: 'Swap set', exact: true }).selectOption({ label: 'Phosphor' })
    const preview = panel().getByRole('list', { name: 'Swap to Phosphor' })
    const settings = preview.getByRole('combobox', { name: 'Swap Settings to' })
    await expect.poll(() => settings.count()).toBe(1)
    // Offered: the suggestion, the alternatives, and keeping it; each choice fits in the panel.
    const offered = await settings.locator('option').allTextContents()
    expect(offered[0]).toMatch(/^Gear · \d+%$/)
    expect(offered.at(-1)).toBe('Keep as it is')
    expect(offered.length).toBeGreaterThan(2)
    const alternative = offered[1]?.split(' · ')[0] as string
    const [box, list] = await Promise.all([settings.boundingBox(), preview.boundingBox()])
    expect(box!.x + box!.width).toBeLessThanOrEqual(list!.x + list!.width + 0.5)

    await settings.selectOption({ index: 1 })
    await preview.getByRole('combobox', { name: 'Swap Search to' }).selectOption({ label: 'Keep as it is' })
    await expect.poll(() => panel().getByText('2 of 3 to swap to Phosphor; 1 stays as it is').count()).toBe(1)
    // A long selection makes the panel scroll its list (held here to end 60 px into the preview, as
    // many icons would): Cancel and Swap stay in sight at its foot, scrolled to the top or not.
    const swap = panel().getByRole('button', { name: 'Swap 2 icons' })
    const body = panel().locator('.ic-selection-body')
    const inSight = async () => {
      const [button, shown] = await Promise.all([swap.boundingBox(), body.boundingBox()])
      return button !== null && shown !== null && button.y >= shown.y && button.y + button.height <= shown.y + shown.height + 0.5
    }
    await body.evaluate((element) => {
      const preview = element.querySelector('.ic-swap-preview') as HTMLElement
      element.style.maxHeight = `${Math.round(preview.getBoundingClientRect().top - element.getBoundingClientRect().top + 60)}px`
      element.scrollTo(0, 0)
    })
    expect(await body.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(40)
    expect(await inSight()).toBe(true)
    await body.evaluate((element) => element.style.removeProperty('max-height'))
    await swap.click()
    const after = await waitForDocument(playground, 'house and settings in Phosphor', (snapshot) =>
      lucide.slice(0, 2).every((node) => iconData(findNode(snapshot, node.id) ?? node).iconset === 'ph')
    )
    // The options name icons as designers read them: the alternative is the icon of that name.
    expect(lucide.map((node) => [iconData(findNode(after, node.id)!).iconset, humanName(iconData(findNode(after, node.id)!).icon ?? '')])).toEqual([
      ['ph', 'House'],
      ['ph', alternative],
      ['lucide', 'Search']
    ])
    await expect.poll(() => playground.plugin.getByText('Swapped 2 icons to Phosphor; 1 icon left as it was').count()).toBe(1)
  })

  it('gives a filled icon moved to a stroke-drawn set the stroke width the toolbar shows, as the grid draws it', async () => {
    const { plugin } = playground
    await select([])
    const stroke = plugin.getByRole('group', { name: /next insert/i }).getByRole('textbox', { name: 'Stroke' })
    await stroke.fill('1.5')
    await stroke.press('Enter')
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('mdi home')
    const mdi = plugin.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /^Home, Material Design Icons, / }).first()
    const before = await playground.snapshot()
    await mdi.focus()
    await mdi.press('Enter')
    const inserted = await waitForDocument(playground, 'an MDI home', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(inserted).values()].find((node) => !pluginIcons(before).has(node.id))!
    // MDI draws filled shapes: the icon has no stroke width of its own to keep.
    expect(iconData(icon)).toMatchObject({ iconset: 'mdi', icon: 'home' })
    expect(iconData(icon).strokeWidth).toBeUndefined()

    await select([icon.id])
    await openSelectionPanel(plugin)
    await panel().getByRole('combobox', { name: 'Swap set', exact: true }).selectOption({ label: 'Lucide' })
    await panel().getByRole('button', { name: 'Swap 1 icon' }).click()
    const after = await waitForDocument(playground, 'the house in Lucide', (snapshot) => iconData(findNode(snapshot, icon.id) ?? icon).iconset === 'lucide')
    expect(iconData(findNode(after, icon.id)!)).toMatchObject({ iconset: 'lucide', icon: 'house', strokeWidth: '1.5' })
    // Selected, it shows the width it took, which stays the next insert's.
    await expect.poll(() => stroke.inputValue()).toBe('1.5')
  })
})
