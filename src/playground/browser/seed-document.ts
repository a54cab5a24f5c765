/**
 * The page the playground opens on, made through the same plugin API the plugin uses: a plain
 * frame and an auto-layout frame to insert and drop icons into, clear of the viewport's centre
 * so that an icon inserted with nothing selected is plainly on the page.
 */
export interface SeededFrames {
  /** A frame without auto-layout: icons land centred in it, or at the drop point. */
  plain: string
  /** A horizontal auto-layout frame with spacing and padding: icons are appended. */
  autoLayout: string
}

const FRAME_STROKE: SolidPaint = { type: 'SOLID', color: { r: 0.85, g: 0.85, b: 0.85 } }
const SHAPE_SVG = (shape: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="${shape}" fill="#c7c7c7"/></svg>`
/** Stand-ins for a toolbar's existing buttons, so that "appended" has something to come after. */
const TOOLBAR_SHAPES: Array<[string, string]> = [
  ['Button 1', 'M4 4H20V20H4Z'],
  ['Button 2', 'M12 3A9 9 0 1 1 12 21A9 9 0 1 1 12 3Z']
]

export function seedDocument(figma: PluginAPI): SeededFrames {
  const card = figma.createFrame()
  card.name = 'Card'
  card.resize(280, 220)
  card.x = -380
  card.y = -300
  card.strokes = [FRAME_STROKE]

  const toolbar = figma.createFrame()
  toolbar.name = 'Toolbar (auto layout)'
  toolbar.layoutMode = 'HORIZONTAL'
  toolbar.primaryAxisSizingMode = 'FIXED'
  toolbar.counterAxisSizingMode = 'FIXED'
  toolbar.counterAxisAlignItems = 'CENTER'
  toolbar.itemSpacing = 12
  toolbar.paddingLeft = 16
  toolbar.paddingRight = 16
  toolbar.paddingTop = 12
  toolbar.paddingBottom = 12
  toolbar.resize(340, 72)
  toolbar.x = -60
  toolbar.y = -300
  toolbar.strokes = [FRAME_STROKE]
  for (const [name, shape] of TOOLBAR_SHAPES) {
    const button = figma.createNodeFromSvg(SHAPE_SVG(shape))
    button.name = name
    toolbar.appendChild(button)
  }

  return { plain: card.id, autoLayout: toolbar.id }
}
