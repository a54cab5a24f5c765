/**
 * The file's colours and Quick Actions in the real plugin in Chromium against the real catalogue.
 * The playground's file has a Brand/Primary colour style and a Theme collection (Light, Dark)
 * with an Icon/Ink variable: an icon inserted in the style is bound to it; one inserted in the
 * variable recolours when the designer switches the page to Dark; and "Insert icon" from Quick
 * Actions suggests catalogue icons and inserts one without the plugin window.
 */
import { solidHex } from '../support/paints'
import { describe, expect, it } from 'vitest'
import type { DocumentSnapshot, NodeSnapshot } from '../../src/playground/figma-emulator/snapshot'
import type { IconSetList } from '../../src/api/catalogue-schemas'
import { allNodes, findNode, iconData, pluginIcons, saveScreenshot, playgroundSessionPerFile, waitForDocument, type Playground } from './support/playground'

let playground: Playground
let catalogueUrl: string

playgroundSessionPerFile((session) => {
  playground = session.playground
  catalogueUrl = session.catalogue.url
})

const toolbar = () => playground.plugin.getByRole('group', { name: /next insert/i })
const fileColorButton = () => toolbar().getByRole('button', { name: /^File colour(s$|:)/ })

/** The painted layers inside an icon node. */
function layersOf(snapshot: DocumentSnapshot, icon: NodeSnapshot): NodeSnapshot[] {
  const inside = (id: string): boolean => {
    for (let node = findNode(snapshot, id); node !== undefined; node = findNode(snapshot, node.parentId)) if (node.parentId === icon.id) return true
    return false
  }
  return allNodes(snapshot).filter((node) => inside(node.id) && [...(node.fills ?? []), ...(node.strokes ?? [])].length > 0)
}

function colorsOf(snapshot: DocumentSnapshot, icon: NodeSnapshot): Set<string | null> {
  return new Set(layersOf(snapshot, icon).flatMap((node) => [...(node.fills ?? []), ...(node.strokes ?? [])].map(solidHex)))
}

/** Chooses a file colour from the toolbar's menu, with nothing selected, and inserts the first "house". */
async function insertHouseIn(color: RegExp): Promise<NodeSnapshot> {
  await playground.page.evaluate(() => window.playground!.select([]))
  await fileColorButton().click()
  await toolbar().getByRole('group', { name: 'File colours' }).getByRole('button', { name: color }).click()
  await expect.poll(() => fileColorButton().getAttribute('aria-label')).toMatch(color)
  await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('lucide house')
  const first = playground.plugin.getByRole('list', { name: 'Search results' }).locator('[data-index="0"]')
  await first.waitFor()
  const before = await playground.snapshot()
  await first.focus()
  await first.press('Enter')
  const after = await waitForDocument(playground, 'a new icon', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
  return [...pluginIcons(after).values()].find((node) => !pluginIcons(before).has(node.id))!
}

describe('the file’s colours in the toolbar', () => {
  it('an icon inserted in a colour style is bound to it', async () => {
    await fileColorButton().click()
    const menu = toolbar().getByRole('group', { name: 'File colours' })
    await expect.poll(() => menu.getByRole('button').count()).toBe(4)
    await saveScreenshot(playground.pluginFrame, 'plugin-file-colours')
    await fileColorButton().click()

    const icon = await insertHouseIn(/Brand\/Primary/)
    const snapshot = await playground.snapshot()
    const layers = layersOf(snapshot, icon)
    expect(layers.length).toBeGreaterThan(0)
    expect(new Set(layers.map((layer) => layer.strokeStyleId))).toEqual(new Set([expect.stringMatching(/^S:/)]))
    expect(colorsOf(snapshot, icon)).toEqual(new Set(['#0f6cbd']))
    expect(iconData(icon).color).toBe('#0f6cbd')
  })

  it('an icon inserted in a colour variable recolours when the page switches to the Dark mode', async () => {
    const icon = await insertHouseIn(/Icon\/Ink/)
    const light = await playground.snapshot()
    expect(colorsOf(light, icon)).toEqual(new Set(['#242424']))
    expect(layersOf(light, icon).every((layer) => (layer.strokes ?? []).every((paint) => paint.type === 'SOLID' && paint.boundVariables?.color !== undefined))).toBe(true)

    const hex = toolbar().getByRole('textbox', { name: 'Colour', exact: true })
    expect(await hex.inputValue()).toBe('#242424')
    await playground.page.getByRole('combobox', { name: 'Theme mode' }).selectOption({ label: 'Dark' })
    const dark = await waitForDocument(playground, 'the icon in the Dark ink', (snapshot) => colorsOf(snapshot, findNode(snapshot, icon.id)!).has('#f5f5f5'))
    expect(colorsOf(dark, icon)).toEqual(new Set(['#f5f5f5']))
    // Figma tells the plugin nothing of a mode switch; the toolbar follows it all the same.
    await expect.poll(() => hex.inputValue(), { timeout: 5_000 }).toBe('#F5F5F5')
    // Light ink on a dark canvas, as a designer checking the Dark mode would look at it.
    await playground.hook((hook) => hook.setTheme('dark'))
    await saveScreenshot(playground.page, 'playground-variable-mode')
    await playground.hook((hook) => hook.setTheme('light'))
    await playground.page.getByRole('combobox', { name: 'Theme mode' }).selectOption({ label: 'Light' })
  })
})

describe('Quick Actions', () => {
  it('“Insert icon” suggests catalogue icons as the designer types and inserts the chosen one without the plugin window', async () => {
    const { page } = playground
    // The UI saves the toolbar's look a moment after a change; Quick Actions read what was saved.
    const savedBinding = () =>
      playground.hook((hook) => (hook.clientStorage().preferences as { colorBinding?: { kind: string } | null } | undefined)?.colorBinding?.kind ?? null)
    await expect.poll(savedBinding).toBe('variable')
    await page.evaluate(() => window.playground!.select([]))
    const before = await playground.snapshot()
    await page.getByRole('button', { name: 'Quick actions' }).click()
    const box = page.getByRole('dialog', { name: 'Quick actions' })
    await box.getByRole('textbox', { name: 'Icon' }).fill('heart')
    const suggestions = box.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')
    await expect.poll(() => suggestions.count()).toBeGreaterThan(3)
    // Named as the plugin window names them: the set's and the style's names, not their slugs.
    expect(await suggestions.first().textContent()).toMatch(/ · [A-Z][^·]* · [A-Z][a-z]+$/)
    // While Quick Actions collect the parameter, the plugin's window is closed, and its place says it comes back.
    expect(await playground.pluginFrame.count()).toBe(0)
    expect(await page.locator('.plugin-closed').textContent()).toBe('Running the plugin from Quick Actions. Its window opens again when Quick Actions closes.')
    await saveScreenshot(page, 'playground-quick-actions')

    await box.getByRole('textbox', { name: 'Icon' }).press('ArrowDown')
    const chosen = (await suggestions.nth(1).textContent()) ?? ''
    await box.getByRole('textbox', { name: 'Icon' }).press('Enter')
    const after = await waitForDocument(playground, 'the icon from Quick Actions', (snapshot) => pluginIcons(snapshot).size > pluginIcons(before).size)
    const icon = [...pluginIcons(after).values()].find((node) => !pluginIcons(before).has(node.id))!
    const sets = (await (await fetch(`${catalogueUrl}/iconsets`)).json()) as IconSetList
    expect(chosen.split(' · ')[1]).toBe(sets.iconsets.find((set) => set.slug === iconData(icon).iconset)?.name)
    expect([icon.width, icon.height]).toEqual([24, 24])
    // The remembered file colour (Icon/Ink, from the test before) applies here too.
    expect(colorsOf(after, icon)).toEqual(new Set(['#242424']))
    const notes = await playground.hook((hook) => hook.notifications().map((note) => note.message))
    expect(notes.at(-1)).toMatch(/^Inserted .+ at 24 px$/)
    // Then the plugin window is back, as when the designer runs the plugin again.
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).waitFor()
  })
})
