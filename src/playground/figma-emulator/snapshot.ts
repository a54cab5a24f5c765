/** A serialisable picture of the emulated document, for the playground to draw and tests to assert on. */
import { EmulatedBooleanOperation } from './boolean-operations'
import { EmulatedContainer, EmulatedFrame, EmulatedSceneNode, EmulatedShape, type EmulatedNode, type EmulatedPage, type PaintedNode, type SceneNodeType } from './nodes'
import { EmulatedSection } from './sections'
import { EmulatedText } from './text-nodes'

export interface NodeSnapshot {
  id: string
  type: SceneNodeType
  name: string
  /** Relative to the parent's coordinate space, as in Figma (a group's children use the group's parent's). */
  x: number
  y: number
  /** Absolute canvas position of the top-left corner. */
  absoluteX: number
  absoluteY: number
  width: number
  height: number
  visible: boolean
  locked: boolean
  /** Only when not 1 (fully opaque). */
  opacity?: number
  /** The running plugin's private data. */
  pluginData: Record<string, string>
  /** Shared plugin data, by namespace. */
  sharedPluginData: Record<string, Record<string, string>>
  relaunchData: Record<string, string>
  fills?: Paint[]
  strokes?: Paint[]
  /** The paint styles a shape's, boolean operation's or frame's fills and strokes are bound to ('' for none). */
  fillStyleId?: string
  strokeStyleId?: string
  strokeWeight?: number
  strokeCap?: StrokeCap
  strokeJoin?: StrokeJoin
  /** Where a shape's stroke lies on its outline; the canvas draws every stroke centred. */
  strokeAlign?: VectorNode['strokeAlign']
  /** A shape's outline, what Figma gives every shape as fillGeometry and a VECTOR as vectorPaths too. */
  vectorPaths?: VectorPath[]
  /** A text layer's characters and size, which the canvas draws in its font. */
  text?: { characters: string; fontSize: number; fontFamily: string }
  /** A mask clips the siblings above it. */
  isMask?: boolean
  /** A boolean operation's kind; its paints are its own (fills, strokes, their styles, strokeWeight above). */
  booleanOperation?: BooleanOperationNode['booleanOperation']
  layoutMode?: EmulatedFrame['layoutMode']
  /** A GRID frame's tracks and how its children take their cells. */
  grid?: Pick<FrameNode, 'gridRowCount' | 'gridColumnCount' | 'gridRowGap' | 'gridColumnGap' | 'gridAutoTracks' | 'gridItemsPositioning'> & {
    rowSizes: GridTrackSize[]
    columnSizes: GridTrackSize[]
  }
  itemSpacing?: number
  /** The rest of an auto-layout frame's settings: undo tells a step by them even where they move nothing. */
  autoLayout?: Pick<FrameNode, 'layoutWrap' | 'counterAxisSpacing' | 'primaryAxisSizingMode' | 'counterAxisSizingMode' | 'counterAxisAlignItems' | 'counterAxisAlignContent'>
  padding?: { top: number; right: number; bottom: number; left: number }
  clipsContent?: boolean
  /** An instance's main component. */
  mainComponentId?: string
  children?: NodeSnapshot[]
}

export interface DocumentSnapshot {
  page: { id: string; name: string }
  children: NodeSnapshot[]
  selection: string[]
  viewport: { center: Vector; zoom: number; bounds: Rect }
}

/** What every node carries, the document and pages too: its name and the data plugins set on it. */
export type NodeData = Pick<NodeSnapshot, 'name' | 'pluginData' | 'sharedPluginData' | 'relaunchData'>

export function snapshotData(node: EmulatedNode): NodeData {
  const pluginData: Record<string, string> = {}
  for (const key of node.getPluginDataKeys()) pluginData[key] = node.getPluginData(key)
  const sharedPluginData: Record<string, Record<string, string>> = {}
  for (const namespace of node.sharedNamespaces()) {
    sharedPluginData[namespace] = Object.fromEntries(node.getSharedPluginDataKeys(namespace).map((key) => [key, node.getSharedPluginData(namespace, key)]))
  }
  return { name: node.name, pluginData, sharedPluginData, relaunchData: node.getRelaunchData() }
}

export function snapshotNode(node: EmulatedSceneNode): NodeSnapshot {
  const { x: absoluteX, y: absoluteY } = node.absolutePosition
  const { name, pluginData, sharedPluginData, relaunchData } = snapshotData(node)
  const result: NodeSnapshot = {
    id: node.id,
    type: node.type as SceneNodeType,
    name,
    x: node.x,
    y: node.y,
    absoluteX,
    absoluteY,
    width: node.width,
    height: node.height,
    visible: node.visible,
    locked: node.locked,
    pluginData,
    sharedPluginData,
    relaunchData
  }
  if (node.opacity !== 1) result.opacity = node.opacity
  if (node instanceof EmulatedShape || node instanceof EmulatedBooleanOperation || node instanceof EmulatedFrame || node instanceof EmulatedSection || node instanceof EmulatedText) {
    Object.assign(result, paintsOf(node))
  }
  if (node instanceof EmulatedShape) {
    Object.assign(result, {
      strokeCap: node.strokeCap,
      strokeJoin: node.strokeJoin,
      strokeAlign: node.strokeAlign,
      vectorPaths: clone(node.fillGeometry),
      isMask: node.isMask
    })
  }
  if (node instanceof EmulatedText) result.text = { characters: node.characters, fontSize: node.fontSize, fontFamily: node.fontName.family }
  if (node instanceof EmulatedBooleanOperation) result.booleanOperation = node.booleanOperation
  if (node instanceof EmulatedFrame) {
    if (node.layoutMode === 'GRID') result.grid = gridOf(node)
    Object.assign(result, {
      layoutMode: node.layoutMode,
      itemSpacing: node.itemSpacing,
      autoLayout: {
        layoutWrap: node.layoutWrap,
        counterAxisSpacing: node.counterAxisSpacing,
        primaryAxisSizingMode: node.primaryAxisSizingMode,
        counterAxisSizingMode: node.counterAxisSizingMode,
        counterAxisAlignItems: node.counterAxisAlignItems,
        counterAxisAlignContent: node.counterAxisAlignContent
      },
      padding: { top: node.paddingTop, right: node.paddingRight, bottom: node.paddingBottom, left: node.paddingLeft },
      clipsContent: node.clipsContent
    })
  }
  const main = (node as { main?: EmulatedSceneNode | null }).main
  if (node.type === 'INSTANCE' && main) result.mainComponentId = main.id
  if (node instanceof EmulatedContainer) result.children = node.children.map(snapshotNode)
  return result
}

function paintsOf(node: PaintedNode): Pick<NodeSnapshot, 'fills' | 'strokes' | 'fillStyleId' | 'strokeStyleId' | 'strokeWeight'> {
  return {
    fills: clone([...node.fills]),
    strokes: clone([...node.strokes]),
    fillStyleId: node.fillStyleId,
    strokeStyleId: node.strokeStyleId,
    strokeWeight: node.strokeWeight
  }
}

function gridOf(frame: EmulatedFrame): NonNullable<NodeSnapshot['grid']> {
  const { gridRowCount, gridColumnCount, gridRowGap, gridColumnGap, gridAutoTracks, gridItemsPositioning } = frame
  const sizes = (tracks: readonly GridTrackSize[]) => tracks.map(({ type, value }) => ({ type, value }))
  return {
    gridRowCount,
    gridColumnCount,
    gridRowGap,
    gridColumnGap,
    gridAutoTracks,
    gridItemsPositioning,
    rowSizes: sizes(frame.gridRowSizes),
    columnSizes: sizes(frame.gridColumnSizes)
  }
}

/** A page of the file with its nodes, loaded or not. */
export interface PageContents {
  id: string
  name: string
  children: NodeSnapshot[]
}

export function snapshotContents(page: EmulatedPage): PageContents {
  return { id: page.id, name: page.name, children: page.contents.map(snapshotNode) }
}

export function snapshotPage(page: EmulatedPage, viewport: DocumentSnapshot['viewport']): DocumentSnapshot {
  return {
    page: { id: page.id, name: page.name },
    children: page.children.map(snapshotNode),
    selection: page.selection.map((node) => node.id),
    viewport: clone(viewport)
  }
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** True for a node a plugin marked with data of its own, private or shared: a placed icon, say. */
export function carriesPluginData(node: NodeSnapshot): boolean {
  return Object.keys(node.pluginData).length > 0 || Object.keys(node.sharedPluginData).length > 0
}

/** Finds a node in a snapshot by id, depth first. */
export function findInSnapshot(nodes: NodeSnapshot[], id: string): NodeSnapshot | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const found = node.children === undefined ? undefined : findInSnapshot(node.children, id)
    if (found !== undefined) return found
  }
  return undefined
}
