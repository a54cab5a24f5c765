/**
 * The emulator's paint styles, variables and Quick Actions parameters follow Figma's documented
 * rules: async style setters under dynamic-page, paints bound by copy, values per mode, and a
 * query mode in which the plugin may answer suggestions but not edit the document or show UI.
 */
import { describe, expect, it } from 'vitest'

import { createFigmaEmulator } from '../../src/playground/figma-emulator'

const BLUE: SolidPaint = { type: 'SOLID', color: { r: 0, g: 0.4, b: 0.8 } }

function vectorIn(figma: PluginAPI): VectorNode {
  const frame = figma.createNodeFromSvg('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M2 2h20v20H2z" fill="#000000"/></svg>')
  return frame.findAll((node) => node.type === 'VECTOR')[0] as VectorNode
}

describe('paint styles in the emulator', () => {
  it('binds fills with setFillStyleIdAsync, refusing the sync setter under dynamic-page, as Figma does', async () => {
    const { figma } = createFigmaEmulator()
    const style = figma.createPaintStyle()
    style.paints = [BLUE]
    const vector = vectorIn(figma)
    expect(() => (vector.fillStyleId = style.id)).toThrow(/Cannot call with documentAccess: dynamic-page\. Use node\.setFillStyleIdAsync/)
    expect(() => figma.getLocalPaintStyles()).toThrow(/getLocalPaintStylesAsync/)
    await vector.setFillStyleIdAsync(style.id)
    expect(vector.fillStyleId).toBe(style.id)
    expect(vector.fills).toEqual([BLUE])
    await expect(vector.setFillStyleIdAsync('S:missing,')).rejects.toThrow(/no paint style/)
  })

  it('refuses the sync getStyleById under dynamic-page, as Figma does, and answers it without', async () => {
    const { figma } = createFigmaEmulator()
    const style = figma.createPaintStyle()
    expect(() => figma.getStyleById(style.id)).toThrow('in getStyleById: Cannot call with documentAccess: dynamic-page. Use figma.getStyleByIdAsync() instead')
    expect(await figma.getStyleByIdAsync(style.id)).toBe(style)
    const full = createFigmaEmulator({ documentAccess: null }).figma
    const kept = full.createPaintStyle()
    expect(full.getStyleById(kept.id)).toBe(kept)
  })

  it('shows a style’s new paints on every node bound to it, and setting fills directly detaches the node', async () => {
    const { figma } = createFigmaEmulator({ documentAccess: null })
    const style = figma.createPaintStyle()
    style.paints = [BLUE]
    const vector = vectorIn(figma)
    vector.fillStyleId = style.id
    style.paints = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    expect(vector.fills).toMatchObject([{ color: { r: 1, g: 0, b: 0 } }])
    vector.fills = [BLUE]
    expect(vector.fillStyleId).toBe('')
  })

  it('tells the plugin about a style made or changed with stylechange', async () => {
    const emulator = createFigmaEmulator()
    const seen: StyleChange['type'][] = []
    emulator.figma.on('stylechange', (event) => seen.push(...event.styleChanges.map((change) => change.type)))
    const style = emulator.figma.createPaintStyle()
    style.paints = [BLUE]
    style.remove()
    await emulator.settle()
    expect(seen).toEqual(['STYLE_CREATE', 'STYLE_PROPERTY_CHANGE', 'STYLE_DELETE'])
  })
})

/** Every kind of node with paints of its own: GeometryMixin in the typings. */
const PAINTED_NODES: Array<[string, (figma: PluginAPI) => SceneNode & MinimalFillsMixin & MinimalStrokesMixin]> = [
  ['a vector', vectorIn],
  ['a boolean operation', (figma) => figma.union([figma.createStar(), figma.createStar()], figma.currentPage)],
  ['a frame', (figma) => figma.createFrame()]
]

describe.each(PAINTED_NODES)('paint styles on %s', (_kind, make) => {
  it('bind its fills and strokes with the async setters, and one undo takes both bindings back', async () => {
    const { figma } = createFigmaEmulator()
    const style = figma.createPaintStyle()
    style.paints = [BLUE]
    const node = make(figma)
    const drawn = { fills: node.fills, strokes: node.strokes }
    figma.commitUndo()
    await node.setFillStyleIdAsync(style.id)
    await node.setStrokeStyleIdAsync(style.id)
    expect([node.fillStyleId, node.strokeStyleId]).toEqual([style.id, style.id])
    expect({ fills: node.fills, strokes: node.strokes }).toEqual({ fills: [BLUE], strokes: [BLUE] })
    figma.commitUndo()
    figma.triggerUndo()
    expect([node.removed, node.fillStyleId, node.strokeStyleId]).toEqual([false, '', ''])
    expect({ fills: node.fills, strokes: node.strokes }).toEqual(drawn)
  })

  it('are refused as on any node: an unknown id, a removed node, and the sync setters under dynamic-page', async () => {
    const { figma } = createFigmaEmulator()
    const style = figma.createPaintStyle()
    const node = make(figma)
    await expect(node.setFillStyleIdAsync('S:missing,')).rejects.toThrow('in setFillStyleIdAsync: Invalid style id "S:missing,": there is no paint style with this id')
    await expect(node.setStrokeStyleIdAsync('S:missing,')).rejects.toThrow(/in setStrokeStyleIdAsync: Invalid style id/)
    expect(() => (node.fillStyleId = style.id)).toThrow('in set_fillStyleId: Cannot call with documentAccess: dynamic-page. Use node.setFillStyleIdAsync instead')
    expect(() => (node.strokeStyleId = style.id)).toThrow(/in set_strokeStyleId: Cannot call with documentAccess: dynamic-page/)
    expect([node.fillStyleId, node.strokeStyleId]).toEqual(['', ''])
    node.remove()
    await expect(node.setFillStyleIdAsync(style.id)).rejects.toThrow(`in setFillStyleIdAsync: The node with id "${node.id}" does not exist`)
  })
})

describe('paint styles on a boolean operation made from layers (Boolean operations, help.figma.com)', () => {
  const RED: SolidPaint = { type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }

  /** Two stars, the bottom one filled with `bottom`'s style, the top one filled and stroked with `top`'s, 3 px. */
  async function starsBoundTo(figma: PluginAPI, bottom: PaintStyle, top: PaintStyle): Promise<[StarNode, StarNode]> {
    const stars = [figma.createStar(), figma.createStar()] as [StarNode, StarNode]
    await stars[0].setFillStyleIdAsync(bottom.id)
    await stars[1].setFillStyleIdAsync(top.id)
    await stars[1].setStrokeStyleIdAsync(top.id)
    stars[1].strokeWeight = 3
    return stars
  }

  it('are the top layer’s, or the bottom one’s for subtract, and show the style’s later paints', async () => {
    const { figma } = createFigmaEmulator()
    const [blue, red] = [figma.createPaintStyle(), figma.createPaintStyle()]
    blue.paints = [BLUE]
    red.paints = [RED]
    const union = figma.union(await starsBoundTo(figma, red, blue), figma.currentPage)
    const subtraction = figma.subtract(await starsBoundTo(figma, red, blue), figma.currentPage)
    expect([union.fillStyleId, union.strokeStyleId, union.strokeWeight]).toEqual([blue.id, blue.id, 3])
    expect([subtraction.fillStyleId, subtraction.strokeStyleId, subtraction.strokeWeight]).toEqual([red.id, '', 1])
    blue.paints = [RED]
    expect([union.fills, union.strokes]).toEqual([[RED], [RED]])
  })

  it('are the operation’s as made, which undo returns to, and go with it in one undo, its layers keeping their own', async () => {
    const { figma } = createFigmaEmulator()
    const [blue, red] = [figma.createPaintStyle(), figma.createPaintStyle()]
    const [bottom, top] = await starsBoundTo(figma, red, blue)
    figma.commitUndo()
    const union = figma.union([bottom, top], figma.currentPage)
    figma.commitUndo()
    await union.setFillStyleIdAsync(red.id)
    await union.setStrokeStyleIdAsync('')
    // Undoing the rebinding returns to the union as made, bound to the top layer's style: not to no style.
    figma.triggerUndo()
    expect([union.removed, union.fillStyleId, union.strokeStyleId]).toEqual([false, blue.id, blue.id])
    figma.triggerUndo()
    expect(union.removed).toBe(true)
    expect([bottom.parent, top.parent]).toEqual([figma.currentPage, figma.currentPage])
    expect([bottom.fillStyleId, top.fillStyleId, top.strokeStyleId]).toEqual([red.id, blue.id, blue.id])
  })
})

describe('variables in the emulator', () => {
  it('binds a copy of a paint, resolves it in the page’s mode, and refuses what Figma refuses', () => {
    const { figma } = createFigmaEmulator()
    const theme = figma.variables.createVariableCollection('Theme')
    const dark = theme.addMode('Dark')
    const ink = figma.variables.createVariable('Ink', theme, 'COLOR')
    ink.setValueForMode(theme.defaultModeId, { r: 0, g: 0, b: 0, a: 1 })
    ink.setValueForMode(dark, { r: 1, g: 1, b: 1, a: 1 })
    const gap = figma.variables.createVariable('Gap', theme, 'FLOAT')

    const bound = figma.variables.setBoundVariableForPaint(BLUE, 'color', ink)
    expect(BLUE.boundVariables).toBeUndefined()
    expect(bound.boundVariables).toEqual({ color: { type: 'VARIABLE_ALIAS', id: ink.id } })
    expect(figma.variables.setBoundVariableForPaint(bound, 'color', null)).toEqual(BLUE)
    expect(() => figma.variables.setBoundVariableForPaint(BLUE, 'color', gap)).toThrow(/COLOR variable/)
    expect(() => ink.setValueForMode('9:9', { r: 0, g: 0, b: 0 })).toThrow(/not in the variable's collection/)
    expect(() => figma.variables.getLocalVariables()).toThrow(/getLocalVariablesAsync/)
    expect(() => figma.variables.createVariable('Ink 2', theme.id, 'COLOR')).toThrow(/dynamic-page/)

    const vector = vectorIn(figma)
    vector.fills = [bound]
    expect(vector.fills).toMatchObject([{ color: { r: 0, g: 0, b: 0 } }])
    figma.currentPage.setExplicitVariableModeForCollection(theme, dark)
    expect(figma.currentPage.explicitVariableModes).toEqual({ [theme.id]: dark })
    expect(vector.fills).toMatchObject([{ color: { r: 1, g: 1, b: 1 }, boundVariables: { color: { id: ink.id } } }])
    expect(ink.resolveForConsumer(vector).value).toEqual({ r: 1, g: 1, b: 1, a: 1 })
  })

  // ExplicitVariableModesMixin is on every scene node: a frame set to Dark on a Light page shows
  // what it holds in Dark, the nearest choice winning, and clearing it hands back to the page's.
  it('resolves bound paints in the mode chosen nearest to them: the node, then the frames holding it, then the page', () => {
    const { figma } = createFigmaEmulator()
    const theme = figma.variables.createVariableCollection('Theme')
    const light = theme.defaultModeId
    const dark = theme.addMode('Dark')
    const ink = figma.variables.createVariable('Ink', theme, 'COLOR')
    ink.setValueForMode(light, { r: 0, g: 0, b: 0, a: 1 })
    ink.setValueForMode(dark, { r: 1, g: 1, b: 1, a: 1 })
    const card = figma.createFrame()
    const inner = figma.createFrame()
    card.appendChild(inner)
    const vector = vectorIn(figma)
    inner.appendChild(vector)
    vector.fills = [figma.variables.setBoundVariableForPaint(BLUE, 'color', ink)]
    const black = [{ color: { r: 0, g: 0, b: 0 } }]
    const white = [{ color: { r: 1, g: 1, b: 1 } }]

    expect(vector.fills).toMatchObject(black)
    card.setExplicitVariableModeForCollection(theme, dark)
    expect([card.explicitVariableModes, inner.explicitVariableModes]).toEqual([{ [theme.id]: dark }, {}])
    expect(vector.fills).toMatchObject(white)
    expect(ink.resolveForConsumer(vector).value).toEqual({ r: 1, g: 1, b: 1, a: 1 })
    // Nearer wins: the inner frame back in Light, under a Dark card on a Dark page.
    figma.currentPage.setExplicitVariableModeForCollection(theme, dark)
    inner.setExplicitVariableModeForCollection(theme, light)
    expect(vector.fills).toMatchObject(black)
    inner.clearExplicitVariableModeForCollection(theme)
    card.clearExplicitVariableModeForCollection(theme)
    expect(vector.fills).toMatchObject(white)
    figma.currentPage.clearExplicitVariableModeForCollection(theme)
    expect(vector.fills).toMatchObject(black)
    expect(() => card.setExplicitVariableModeForCollection(theme, '9:9')).toThrow(/Mode 9:9 is not in Theme/)
    // Under dynamic-page, by the collection object only, as for setting one (the typings' deprecation).
    expect(() => card.clearExplicitVariableModeForCollection(theme.id)).toThrow(/in clearExplicitVariableModeForCollection: Cannot call with documentAccess: dynamic-page/)
  })
})

describe('Quick Actions in the emulator', () => {
  it('collects suggestions in query mode, where the document and the UI are off limits, then fires run', async () => {
    const emulator = createFigmaEmulator({ command: 'insert' })
    const { figma } = emulator
    const runs: RunParametersEvent[] = []
    const refused: string[] = []
    figma.parameters.on('input', ({ query, result }) => {
      for (const attempt of [() => figma.createFrame(), () => figma.showUI('<p>UI</p>')]) {
        try {
          attempt()
        } catch (error) {
          refused.push(String(error))
        }
      }
      result.setLoadingMessage('Searching…')
      result.setSuggestions([query, { name: `${query} solid`, data: { slug: `${query}-solid` } }])
    })
    figma.on('run', (event) => void runs.push(event as RunParametersEvent))
    emulator.quickActions.begin()

    const shown = emulator.quickActions.input('icon', 'heart')
    expect(shown).toMatchObject({ loadingMessage: 'Searching…', suggestions: [{ name: 'heart', data: 'heart' }, { name: 'heart solid', data: { slug: 'heart-solid' } }] })
    expect(refused).toEqual([expect.stringMatching(/query mode/), expect.stringMatching(/in showUI: .*query mode/)])
    expect(figma.currentPage.children).toHaveLength(0)

    emulator.quickActions.run('insert', { icon: { slug: 'heart-solid' } })
    expect(runs).toEqual([{ command: 'insert', parameters: { icon: { slug: 'heart-solid' } } }])
    expect(() => figma.createFrame()).not.toThrow()
  })
})
