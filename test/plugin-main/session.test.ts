/**
 * Start-up and preferences: the UI with Figma's theme, defaults, clientStorage that survives
 * relaunches and broken values, and the selection reported to the UI.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { WINDOW_LIMITS } from '../../src/api/limits'
import { DEFAULT_PREFERENCES, type Preferences } from '../../src/api/plugin-protocol'
import { insert, insertRequest, relaunch, replaceRequest, startData, startPlugin } from './plugin-harness'
import { shapeNodesIn } from './shapes'

afterEach(() => void vi.unstubAllGlobals())

describe('start-up and preferences', () => {
  it('shows the UI with Figma’s theme colours', async () => {
    const run = await startPlugin()
    expect(run.emulator.ui).toMatchObject({ shown: true, visible: true, width: 360, height: 600 })
    expect(run.emulator.ui.options?.themeColors).toBe(true)
    expect(run.emulator.ui.html).toContain('<p>The plugin UI</p>')
  })

  it('starts a first run with the defaults', async () => {
    const run = await startPlugin()
    expect(startData(run)).toEqual({ preferences: DEFAULT_PREFERENCES, selection: [], iconsInSelection: [], fileColors: [], openSelection: false, selectionNote: null })
  })

  it('keeps query, style, chosen sets, size, colour, recent icons and “insert as component” in clientStorage for the next run', async () => {
    const first = await startPlugin()
    const preferences: Preferences = {
      query: 'home',
      style: 'solid',
      iconsets: ['fluent', 'lucide'],
      size: 32,
      color: '#0f6cbd',
      // A recent icon keeps its style; one stored before it did is read without.
      recent: [
        { iconset: 'fluent', icon: 'home-32-regular', name: 'Home', style: 'regular' },
        { iconset: 'lucide', icon: 'house', name: 'House' }
      ],
      strokeWidth: 1.5,
      window: { width: 480, height: 720 },
      colorBinding: { kind: 'variable', id: 'VariableID:1:0' },
      asComponent: true
    }
    first.send('SAVE_PREFERENCES', preferences)
    await vi.waitFor(() => expect(Object.keys(first.emulator.storageEntries())).toHaveLength(1))

    vi.unstubAllGlobals()
    const second = await startPlugin({ storage: { initial: first.emulator.storageEntries() } })
    expect(startData(second).preferences).toEqual(preferences)
  })

  it('forgets a stored set filter that is not a list of set slugs', async () => {
    const run = await startPlugin({ storage: { initial: { preferences: { query: 'home', iconsets: 'fluent' } } } })
    expect(startData(run).preferences).toMatchObject({ query: 'home', iconsets: [] })
  })

  it('starts with the defaults when clientStorage cannot be read', async () => {
    const run = await startPlugin({}, (figma) => {
      vi.spyOn(figma.clientStorage, 'getAsync').mockRejectedValue(new Error('storage unavailable'))
    })
    expect(startData(run).preferences).toEqual(DEFAULT_PREFERENCES)
  })

  it('hands the UI a stored query that contains </script> without letting it end the UI’s script', async () => {
    const run = await startPlugin({ storage: { initial: { preferences: { query: 'a</script><img src=x onerror=alert(1)>' } } } })
    expect(startData(run).preferences.query).toBe('a/script>img src=x onerror=alert(1)>')
    expect(run.emulator.ui.html?.match(/<\/script/gi)).toHaveLength(1)
  })

  it('replaces only the stored fields that are broken', async () => {
    const run = await startPlugin({
      storage: {
        initial: {
          preferences: {
            query: 'arrow',
            style: 7,
            iconsets: ['ph', '', 3, 'ph', 'lucide,tabler', 'tabler'],
            size: 5000,
            color: 'blue',
            recent: [{ iconset: 'ph' }, { iconset: 'ph', icon: 'house', name: 'House' }],
            asComponent: 'yes',
            colorBinding: { kind: 'swatch', id: 'S:1,' }
          }
        }
      }
    })
    expect(startData(run).preferences).toEqual({
      query: 'arrow',
      style: null,
      iconsets: ['ph', 'tabler'],
      size: DEFAULT_PREFERENCES.size,
      color: DEFAULT_PREFERENCES.color,
      recent: [{ iconset: 'ph', icon: 'house', name: 'House' }],
      strokeWidth: null,
      window: DEFAULT_PREFERENCES.window,
      colorBinding: null,
      asComponent: false
    })
  })
})

describe('the plugin window', () => {
  it('resizes to what the UI asks while the designer drags its corner, within the limits', async () => {
    const run = await startPlugin()
    run.send('RESIZE_WINDOW', { width: 512, height: 777 })
    expect(run.emulator.ui).toMatchObject({ width: 512, height: 777 })
    run.send('RESIZE_WINDOW', { width: 10, height: 9000 })
    expect(run.emulator.ui).toMatchObject({ width: WINDOW_LIMITS.minWidth, height: WINDOW_LIMITS.maxHeight })
    run.send('RESIZE_WINDOW', { width: 'wide', height: 600 })
    expect(run.emulator.ui).toMatchObject({ width: WINDOW_LIMITS.minWidth, height: WINDOW_LIMITS.maxHeight })
  })

  it('opens at the size the designer left it, as remembered with the preferences', async () => {
    const run = await startPlugin({ storage: { initial: { preferences: { window: { width: 480, height: 720 } } } } })
    expect(run.emulator.ui).toMatchObject({ width: 480, height: 720 })
    const oversized = await startPlugin({ storage: { initial: { preferences: { window: { width: 4000, height: 100 } } } } })
    expect(oversized.emulator.ui).toMatchObject({ width: WINDOW_LIMITS.maxWidth, height: WINDOW_LIMITS.minHeight })
  })
})

describe('selection and relaunch', () => {
  it('tells the UI which plugin icons are selected', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 32, color: '#123456' }))
    const frame = run.figma.createFrame()
    run.emulator.select([node.id, frame.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([
      { nodeId: node.id, iconset: 'lucide', icon: 'house', style: 'outline', size: 32, color: '#123456' }
    ])
  })

  it('follows the designer resizing and recolouring a selected icon, with no new selection', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'circle', { size: 24, color: '#000000' }))
    await run.emulator.settle()
    node.rescale(2)
    for (const layer of shapeNodesIn(node)) if ('strokes' in layer) layer.strokes = [{ type: 'SOLID', color: { r: 1, g: 0.5, b: 0 } }]
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([
      { nodeId: node.id, iconset: 'lucide', icon: 'circle', style: 'outline', size: 48, color: '#ff8000' }
    ])
  })

  it('follows a page once however often the designer comes back to it: one report per change', async () => {
    const run = await startPlugin()
    const home = run.figma.currentPage
    const node = await insert(run, insertRequest('lucide', 'circle', { size: 24 }))
    const other = run.emulator.addPage('Page 2') as unknown as PageNode
    for (let visit = 0; visit < 3; visit++) {
      await run.figma.setCurrentPageAsync(other)
      await run.figma.setCurrentPageAsync(home)
    }
    run.emulator.select([node.id])
    await run.emulator.settle()
    const before = run.emitted('SELECTION_CHANGED').length
    node.rescale(2)
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').length - before).toBe(1)
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 48 }])
  })

  it('reads the colour of every kind of layer, and none from a multicolour icon', async () => {
    const run = await startPlugin()
    const circle = await insert(run, insertRequest('lucide', 'circle', { size: 24, color: '#336699' }))
    expect(shapeNodesIn(circle).map((layer) => layer.type)).toEqual(['ELLIPSE'])
    for (const layer of shapeNodesIn(circle)) if ('strokes' in layer) layer.strokes = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    const emoji = await insert(run, insertRequest('twemoji', 'globe-showing-americas', { size: 36, color: '#000000', style: 'color' }))
    run.emulator.select([circle.id, emoji.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([
      { nodeId: circle.id, iconset: 'lucide', icon: 'circle', style: 'outline', size: 24, color: '#ff0000' },
      { nodeId: emoji.id, iconset: 'twemoji', icon: 'globe-showing-americas', style: 'color', size: 36, color: null }
    ])
  })

  it('reads a boolean operation’s colour from its own paints, not its children’s, which are not drawn', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('mdi', 'home', { size: 24, color: '#336699' }))
    const star = run.figma.createStar()
    node.appendChild(star)
    const union = run.figma.union([...shapeNodesIn(node)], node)
    union.fills = [{ type: 'SOLID', color: { r: 1, g: 0.5, b: 0 } }]
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, color: '#ff8000' }])
  })

  it('still knows its icons after the plugin is published under another id', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    run.emulator.reopen('', '1234567890123456789')
    const published = await relaunch(run, '')
    published.emulator.select([])
    published.emulator.select([node.id])
    await published.emulator.settle()
    expect(published.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, iconset: 'lucide', icon: 'house' }])
  })

  it('reads icons placed by earlier versions from private plugin data, and moves them to shared data on the next change', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    for (const key of node.getSharedPluginDataKeys('iconcatalogue')) {
      node.setPluginData(key, node.getSharedPluginData('iconcatalogue', key))
      node.setSharedPluginData('iconcatalogue', key, '')
    }
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 32 }) }]))
    expect(result.ok).toBe(true)
    expect(node.getSharedPluginData('iconcatalogue', 'size')).toBe('32')
    expect(node.getPluginDataKeys()).toEqual([])
  })

  it('leaves out icons inside an instance or a locked frame, and says why', async () => {
    const run = await startPlugin()
    const component = run.figma.createComponent()
    run.emulator.select([component.id])
    await run.emulator.settle()
    await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const inInstance = component.createInstance().children[0] as FrameNode
    run.emulator.select([inInstance.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([])
    expect(run.emulator.notifications.at(-1)?.message).toBe('A selected icon can’t be swapped: inside a component instance: change it in the main component.')
    // The plugin's panel says it too, for as long as the icon is selected.
    expect(run.emitted('SELECTION_NOTE').at(-1)).toBe('A selected icon can’t be swapped: inside a component instance: change it in the main component.')

    const frame = run.figma.createFrame()
    run.emulator.select([frame.id])
    await run.emulator.settle()
    const inLocked = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    frame.locked = true
    run.emulator.select([inLocked.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([])
    expect(run.emulator.notifications.at(-1)?.message).toBe('A selected icon can’t be swapped: locked: unlock it to swap.')
    expect(run.emitted('SELECTION_NOTE').at(-1)).toBe('A selected icon can’t be swapped: locked: unlock it to swap.')
    // Opened on that selection, the UI starts with the note.
    const reopened = await relaunch(run, '')
    expect(startData(reopened).selectionNote).toBe('A selected icon can’t be swapped: locked: unlock it to swap.')
    // Unlocked, the icon is the panel's again, and the note goes.
    frame.locked = false
    await reopened.emulator.settle()
    expect(reopened.emitted('SELECTION_NOTE').at(-1)).toBeNull()
    expect(reopened.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: inLocked.id }])
  })

  it('reports the size and colour the icon has on the canvas, after the designer scaled and recoloured it', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24, color: '#000000' }))
    node.rescale(2)
    for (const layer of shapeNodesIn(node)) {
      if (layer.type === 'VECTOR') layer.strokes = [{ type: 'SOLID', color: { r: 1, g: 0.5, b: 0 } }]
    }
    run.emulator.select([])
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([
      { nodeId: node.id, iconset: 'lucide', icon: 'house', style: 'outline', size: 48, color: '#ff8000' }
    ])
  })

  it('reports no colour for a multicolour icon in its own, and the colour an earlier version recorded on one', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('flat-color-icons', 'home', { size: 48, style: 'color', color: '#000000' }))
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 48, color: null }])
    node.setSharedPluginData('iconcatalogue', 'color', '#000000')
    run.emulator.select([])
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 48, color: '#000000' }])
  })

  it('sets the relaunch data behind the “Swap icon” button', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 20 }))
    expect(node.getRelaunchData()).toEqual({ swap: 'lucide/house · 20 px' })
  })

  it('reopens on the selected icon, its panel open, when relaunched with “Swap icon”', async () => {
    const first = await startPlugin()
    const node = await insert(first, insertRequest('fluent', 'home-32-regular', { size: 32 }))
    first.figma.closePlugin()
    // The designer selects the icon and clicks its relaunch button: Figma runs the plugin with that command.
    first.emulator.select([node.id])
    await first.emulator.settle()
    const run = await relaunch(first, 'swap')
    expect(run.figma.command).toBe('swap')
    expect(startData(run).selection).toEqual([
      { nodeId: node.id, iconset: 'fluent', icon: 'home-32-regular', style: 'outline', size: 32, color: '#000000' }
    ])
    expect(startData(run).openSelection).toBe(true)
  })
})
