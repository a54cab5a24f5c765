/**
 * "Insert as component" in the real plugin in Chromium against the real catalogue: two inserts of
 * the same icon make one component on the file's Icons page and two instances of it on the
 * canvas; a size swap on one instance swaps it to a new 32 px component; one Ctrl+Z takes the
 * swap back; on the Icons page, swapping the main component redraws it and every instance
 * follows. Checked on the emulated Figma document.
 */
import { describe, expect, it } from 'vitest'
import type { NodeSnapshot } from '../../src/playground/figma-emulator/snapshot'
import type { DocumentSnapshot } from '../../src/playground/figma-emulator/snapshot'
import { allNodes, choosePreset, saveScreenshot, playgroundSessionPerFile, waitForDocument, type Playground } from './support/playground'

let playground: Playground

playgroundSessionPerFile((session) => ({ playground } = session))

const toolbar = () => playground.plugin.getByRole('group', { name: /next insert/i })
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })

function instancesOn(snapshot: DocumentSnapshot): NodeSnapshot[] {
  return allNodes(snapshot).filter((node) => node.type === 'INSTANCE')
}

async function iconsPageComponents(): Promise<NodeSnapshot[]> {
  const pages = await playground.hook((hook) => hook.pages())
  const icons = pages.find((page) => page.name === 'Icons')
  return (icons?.children ?? []).filter((node) => node.type === 'COMPONENT')
}

async function insertLucideHouse(): Promise<void> {
  await playground.page.evaluate(() => window.playground!.select([]))
  const house = results().getByRole('button', { name: /^House, Lucide, / }).first()
  await house.focus()
  await house.press('Enter')
}

describe('insert as component', () => {
  it('two inserts make one component on the Icons page and two instances; a size swap on one is one undo step', async () => {
    const { plugin, page } = playground
    await toolbar().getByRole('checkbox', { name: 'Insert as component' }).check()
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('house')

    await insertLucideHouse()
    await waitForDocument(playground, 'one instance', (snapshot) => instancesOn(snapshot).length === 1)
    await insertLucideHouse()
    const twice = await waitForDocument(playground, 'two instances', (snapshot) => instancesOn(snapshot).length === 2)
    const components = await iconsPageComponents()
    expect(components.map((node) => node.name)).toEqual(['lucide/house/24 · outline'])
    const [first, second] = instancesOn(twice)
    expect([first?.mainComponentId, second?.mainComponentId]).toEqual([components[0]?.id, components[0]?.id])
    expect(first?.width).toBe(24)

    // The designer selects the first instance and picks 32 px in the toolbar.
    await playground.hook((hook) => hook.select([]))
    await page.evaluate((id) => window.playground!.select([id]), first!.id)
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Selected icons and next insert')
    await choosePreset(toolbar(), 32)
    const swapped = await waitForDocument(playground, 'the instance at 32 px', (snapshot) => instancesOn(snapshot).find((node) => node.id === first!.id)?.width === 32)
    const afterSwap = await iconsPageComponents()
    expect(afterSwap.map((node) => node.name)).toEqual(['lucide/house/24 · outline', 'lucide/house/32 · outline'])
    const swappedInstance = instancesOn(swapped).find((node) => node.id === first!.id)
    expect(swappedInstance?.mainComponentId).toBe(afterSwap[1]?.id)
    expect([swappedInstance?.x, swappedInstance?.y]).toEqual([first?.x, first?.y])
    expect(instancesOn(swapped).find((node) => node.id === second!.id)?.width).toBe(24)
    await saveScreenshot(page, 'playground-components')

    // One Ctrl+Z on the canvas takes back the swap and the component it made.
    const box = (await page.locator('#canvas').boundingBox())!
    await page.mouse.click(box.x + 8, box.y + box.height - 8)
    await page.keyboard.press('Control+z')
    const undone = await waitForDocument(playground, 'the swap undone', (snapshot) => instancesOn(snapshot).find((node) => node.id === first!.id)?.width === 24)
    expect(instancesOn(undone).map((node) => node.mainComponentId)).toEqual([components[0]?.id, components[0]?.id])
    expect((await iconsPageComponents()).map((node) => node.id)).toEqual([components[0]?.id])
  })

  it('on the Icons page, a size swap on the main component redraws it, and both instances follow', async () => {
    const { page } = playground
    await page.getByRole('list', { name: 'Pages' }).getByRole('button', { name: 'Icons' }).click()
    const onIcons = await waitForDocument(playground, 'the Icons page shown', (snapshot) => snapshot.page.name === 'Icons')
    const [component] = onIcons.children
    await page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: /lucide\/house\/24/ }).click()
    await expect.poll(() => toolbar().getAttribute('aria-label')).toBe('Selected icons and next insert')
    await choosePreset(toolbar(), 48)
    const redrawn = await waitForDocument(playground, 'the component at 48 px', (snapshot) => snapshot.children[0]?.width === 48)
    expect(redrawn.children.map((node) => [node.id, node.name])).toEqual([[component?.id, 'lucide/house/48 · outline']])
    await saveScreenshot(page, 'playground-icons-page')
    const pages = await playground.hook((hook) => hook.pages())
    const instances = pages[0]!.children.filter((node) => node.type === 'INSTANCE')
    expect(instances.map((node) => [node.mainComponentId, node.width])).toEqual([
      [component?.id, 48],
      [component?.id, 48]
    ])
  })
})
