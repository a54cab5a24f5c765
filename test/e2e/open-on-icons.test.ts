/**
 * The plugin opens on icons, in Chromium on the real plugin against the real catalogue: with nothing
 * typed, its window shows every icon to browse, every set's house first, in a grid that fills it,
 * with the search box focused. The grid is the search results' own: ↓ from the box into it, Enter
 * inserts, and the icon inserted shows among the recent icons above it; typing replaces the grid
 * with the results, and Escape brings it back.
 */
import { describe, expect, it } from 'vitest'
import { iconData, playgroundSessionPerFile, pluginIcons, saveScreenshot, waitForDocument, type Playground } from './support/playground'

let playground: Playground

playgroundSessionPerFile((session) => ({ playground } = session))

const searchBox = () => playground.plugin.getByRole('textbox', { name: 'Search icons' })
const browseGrid = () => playground.plugin.getByRole('list', { name: 'All icons' })
const tile = (index: number) => browseGrid().locator(`[data-index="${index}"]`)
const focusedLabel = () => playground.plugin.locator(':focus').getAttribute('aria-label')

describe('opening the plugin', () => {
  it('opens on every icon to browse, each set’s house first, in a grid that fills the window, with the search box focused', async () => {
    const { plugin, pluginFrame } = playground
    await browseGrid().waitFor()
    await expect.poll(focusedLabel).toBe('Search icons')
    await expect(plugin.getByRole('heading', { name: 'All icons' }).isVisible()).resolves.toBe(true)
    await tile(5).waitFor()
    // The first row is one symbol across the sets: Lucide's house, then the next sets' homes.
    const firstRow = await browseGrid()
      .locator('[data-index]')
      .evaluateAll((tiles) => tiles.filter((tile) => tile.getBoundingClientRect().top === tiles[0]?.getBoundingClientRect().top).map((tile) => tile.getAttribute('title') ?? ''))
    expect(firstRow.length).toBeGreaterThan(1)
    expect(firstRow[0]).toBe('House · Lucide · Outline')
    for (const title of firstRow) expect(title).toMatch(/^(House|Home)\b/)
    const window = await pluginFrame.boundingBox()
    const grid = await browseGrid().boundingBox()
    if (window === null || grid === null) throw new Error('the plugin window is not laid out')
    expect(grid.height / window.height).toBeGreaterThan(0.6)
    await saveScreenshot(pluginFrame, 'plugin-open')
  })

  it('↓ from the box goes into the grid and Enter inserts; the icon inserted shows among the recent icons above it', async () => {
    const { page, plugin } = playground
    await searchBox().focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedLabel).toBe('House, Lucide, Outline')
    const before = await playground.snapshot()
    await page.keyboard.press('Enter')
    const after = await waitForDocument(playground, 'the house inserted', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const inserted = [...pluginIcons(after).values()].find((node) => !pluginIcons(before).has(node.id))
    expect(inserted === undefined ? undefined : iconData(inserted)).toMatchObject({ iconset: 'lucide', icon: 'house' })

    const recent = plugin.getByRole('list', { name: 'Recent' })
    await recent.getByRole('button', { name: 'House, Lucide, Outline' }).waitFor()
    const recentBox = await recent.boundingBox()
    const gridBox = await browseGrid().boundingBox()
    if (recentBox === null || gridBox === null) throw new Error('the recent icons or the grid are not laid out')
    expect(recentBox.y + recentBox.height).toBeLessThanOrEqual(gridBox.y)
  })

  it('typing replaces the grid with the results, and Escape clears the words and brings it back', async () => {
    const { page, plugin } = playground
    await searchBox().fill('star')
    await plugin.getByRole('list', { name: 'Search results' }).locator('[data-index="0"]').waitFor()
    expect(await browseGrid().count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => searchBox().inputValue()).toBe('')
    await tile(0).waitFor()
    await expect.poll(focusedLabel).toBe('Search icons')
  })
})
