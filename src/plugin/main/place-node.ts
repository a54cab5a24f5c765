/**
 * Where a new icon goes. Inside a selected frame, group, component, section or instance slot:
 * centred, or appended when the parent uses auto-layout. Otherwise at the viewport centre.
 * Positions are whole pixels so icons stay crisp. A group has no coordinate space of its own:
 * its children's x/y are in the space of its nearest non-group ancestor.
 */
import { readIconData } from './icon-plugin-data'

export type IconParent = BaseNode & ChildrenMixin

const FRAME_LIKE: ReadonlySet<NodeType> = new Set<NodeType>(['FRAME', 'COMPONENT', 'SLOT', 'SECTION'])

function isPluginIcon(node: BaseNode): boolean {
  return readIconData(node) !== null
}

/** An instance's content is its component's: only its slots, and what is in them, take changes. */
export function isInInstance(node: BaseNode): boolean {
  for (let current: BaseNode | null = node; current !== null; current = current.parent) {
    if (current.type === 'SLOT') return false
    if (current.type === 'INSTANCE') return true
  }
  return false
}

/** Whether the node is a plugin icon or lies inside one (its drawing's groups, a badge added to it). */
function inPluginIcon(node: BaseNode): boolean {
  for (let current: BaseNode | null = node; current !== null && current.type !== 'PAGE'; current = current.parent) {
    if (isPluginIcon(current)) return true
  }
  return false
}

/** True for nodes an icon may be put inside: never an icon or anything in one. */
function canHoldIcon(node: BaseNode): node is IconParent & SceneNode {
  return (FRAME_LIKE.has(node.type) || node.type === 'GROUP') && !inPluginIcon(node) && !isInInstance(node)
}

/** The page a node is on, or null once it is on none. */
export function pageOf(node: BaseNode): PageNode | null {
  let current: BaseNode | null = node
  while (current !== null && current.type !== 'PAGE') current = current.parent
  return current
}

export function isAutoLayout(parent: IconParent): boolean {
  return 'layoutMode' in parent && parent.layoutMode !== 'NONE'
}

/**
 * The container a selection asks for, or null for the viewport centre. A selected plugin icon
 * stands for its parent (placeIcon puts the new icon beside it), and so does any other layer that
 * cannot hold one (a button's label or vector: the icon goes into the button); an instance offers
 * its first slot.
 */
export function insertionParent(selection: readonly SceneNode[]): (IconParent & SceneNode) | null {
  const selected = selection[0]
  if (selected === undefined) return null
  if (selected.type === 'INSTANCE') {
    const slot = selected.findAll((node) => node.type === 'SLOT')[0]
    return slot !== undefined && canHoldIcon(slot) ? slot : null
  }
  if (canHoldIcon(selected)) return selected
  const parent = selected.parent
  return parent !== null && canHoldIcon(parent) ? parent : null
}

/**
 * Containers that each get their own copy of an icon: two or more selected layers that can all hold
 * one (several cards or buttons, each to get the icon). Null for any other selection, which asks for
 * one icon: a frame selected with an icon or a label is not a choice of places.
 */
export function containersForEach(selection: readonly SceneNode[]): ReadonlyArray<SceneNode & IconParent> | null {
  if (selection.length < 2 || !selection.every((node) => canHoldIcon(node))) return null
  return selection as ReadonlyArray<SceneNode & IconParent>
}

/**
 * A selected layer the icon goes right after: in an auto-layout container, a layer that cannot
 * hold an icon itself (a button's label), as Figma's own inserts go after the selection there.
 */
function layerToFollow(selection: readonly SceneNode[], parent: IconParent | null): SceneNode | null {
  const [selected] = selection
  if (selection.length !== 1 || selected === undefined || parent === null || selected.parent !== parent || !isAutoLayout(parent)) return null
  return canHoldIcon(selected) ? null : selected
}

function contains(node: SceneNode, point: Vector): boolean {
  const box = node.absoluteBoundingBox
  return box !== null && point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height
}

/**
 * Whether a layer is drawn under the point: inside its bounds, or through a child drawn beyond them,
 * which a frame that does not clip its content shows (FrameNode.clipsContent,
 * https://developers.figma.com/docs/plugins/api/properties/FrameNode-clipscontent/); Figma's drop
 * event names such a child too. Only such a frame is searched beyond its bounds: a group's bounds
 * hold all its children, and every bounds read crosses to Figma.
 */
function drawnUnder(node: SceneNode, point: Vector): boolean {
  if (!node.visible) return false
  if (contains(node, point)) return true
  return 'clipsContent' in node && !node.clipsContent && node.children.some((child) => drawnUnder(child, point))
}

/**
 * The container a drop at an absolute point lands in: the deepest frame, group, component, section
 * or slot drawn under the point that takes children. Figma's DropEvent.node cannot tell us: it is the
 * page whenever the pointer is over a shape, a locked node or anything that cannot be a parent
 * (https://developers.figma.com/docs/plugins/api/properties/figma-on/#drop). Whatever is on top
 * under the point decides: over a plugin icon, a locked layer or an instance, the icon goes beside
 * it, into the container that holds it.
 */
export function dropParentAt(point: Vector): IconParent {
  const deepest = (parent: IconParent): IconParent => {
    for (const child of [...parent.children].reverse()) {
      if (!drawnUnder(child, point)) continue
      if (child.locked || !canHoldIcon(child)) return parent
      return deepest(child)
    }
    return parent
  }
  return deepest(figma.currentPage)
}

/** Space between icons inserted one after another. */
const GAP = 8

function inView(node: SceneNode): boolean {
  const box = node.absoluteBoundingBox
  return box !== null && overlaps(box, figma.viewport.bounds)
}

/** Whether two rectangles share some area (touching edges do not). */
function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y
}

/**
 * Where one new icon goes for a selection: beside the one selected plugin icon, else in the
 * container the selection asks for, else on the page (beside `previous`, the icon inserted last,
 * when nothing is selected).
 */
export function placeIcon(node: SceneNode, selection: readonly SceneNode[], previous: SceneNode | null): void {
  const parent = insertionParent(selection)
  const icon = iconToFollow(selection) ?? layerToFollow(selection, parent)
  if (icon !== null) placeBeside(node, icon)
  else if (parent !== null) placeCentredIn(node, parent)
  else placeOnPage(node, selection.length === 0 ? previous : null)
}

/**
 * Several new icons in one go: one after another beside the one selected plugin icon; appended in
 * order to a selected auto-layout frame; else as a row.
 */
export function placeIcons(nodes: readonly SceneNode[], selection: readonly SceneNode[]): void {
  const icon = iconToFollow(selection)
  const parent = insertionParent(selection)
  if (icon !== null) nodes.reduce<SceneNode>((before, node) => (placeBeside(node, before), node), icon)
  else if (parent !== null && isAutoLayout(parent)) for (const node of nodes) parent.appendChild(node)
  else placeRow(nodes, parent)
}

/**
 * The one selected plugin icon, where the container holding it takes new icons: an insert goes
 * beside it rather than on top of it, so inserts one after another (each leaves its icon
 * selected) line up. On the page only while it is in view, as the designer may have moved on.
 */
function iconToFollow(selection: readonly SceneNode[]): SceneNode | null {
  const [icon] = selection
  if (selection.length !== 1 || icon === undefined || !isPluginIcon(icon)) return null
  const parent = icon.parent
  // On this page itself: the selection was read before the drawing was made, and the designer may have switched page since.
  if (parent?.type === 'PAGE') return parent === figma.currentPage && inView(icon) ? icon : null
  return parent !== null && canHoldIcon(parent) ? icon : null
}

/**
 * Right after `icon` in its container: next in an auto-layout row, column or grid (in a grid whose
 * children keep their cells, in the first free cell, as appendChild puts it), else to its right,
 * `GAP` apart and centred on it, past any icon already there (the same icon selected again). Where
 * a frame would cut it off there, under the icon; where that spot is cut off or taken too, beside or
 * under another of the frame's icons, or anywhere in the frame, where free; in a frame full of them,
 * centred in it, in sight.
 */
function placeBeside(node: SceneNode, icon: SceneNode): void {
  const parent = icon.parent as IconParent
  if (isAutoLayout(parent)) {
    if (keepsCells(parent)) parent.appendChild(node)
    else parent.insertChild(parent.children.indexOf(icon) + 1, node)
    return
  }
  const spot = besideSpot(parent, icon, node)
  if (spot === null) {
    placeCentredIn(node, parent)
    return
  }
  parent.appendChild(node)
  node.x = spot.x
  node.y = spot.y
}

/** The container's plugin icons but `except`; read once, as each child's plugin data is a call into Figma. */
function iconsIn(parent: IconParent, except: SceneNode | null = null): SceneNode[] {
  return parent.children.filter((child) => child !== except && isPluginIcon(child))
}

/** Where placeBeside puts `node` in a container without auto-layout, or null for its centre. */
function besideSpot(parent: IconParent, icon: SceneNode, node: SceneNode): Vector | null {
  // Read once: a long row is stepped along icon by icon.
  const icons = iconsIn(parent, node)
  let right = rightOf(icon, node)
  for (let taken = iconAt(icons, right, node); taken !== undefined; taken = iconAt(icons, right, node)) {
    right = { ...right, x: Math.round(taken.x + taken.width + GAP) }
  }
  if (fitsIn(parent, right, node)) return right
  const free = (spot: Vector) => fitsIn(parent, spot, node) && iconAt(icons, spot, node) === undefined
  const below = belowOf(icon)
  if (free(below)) return below
  // A frame full there: the first free spot beside or under another of its icons, in reading order,
  // else anywhere in the frame.
  const spots = icons.flatMap((other) => [rightOf(other, node), belowOf(other)]).filter(free)
  return spots.sort((a, b) => a.y - b.y || a.x - b.x)[0] ?? freeSpotIn(parent, icons, node)
}

/** How many spots freeSpotIn looks at, at most: a frame far larger than its icons has a free one early. */
const MAX_SPOTS = 1024

/**
 * The first spot in reading order, on a grid `GAP` apart from the frame's corner, where `node`
 * lies inside the frame on none of `icons`; null for a container without a size of its own (a
 * group, the page) or a frame full of icons.
 */
function freeSpotIn(parent: IconParent, icons: readonly SceneNode[], node: SceneNode): Vector | null {
  if (parent.type === 'GROUP' || !('width' in parent)) return null
  const stepX = node.width + GAP
  const stepY = node.height + GAP
  let looked = 0
  for (let y = GAP; y + node.height <= parent.height && looked < MAX_SPOTS; y += stepY) {
    for (let x = GAP; x + node.width <= parent.width && looked < MAX_SPOTS; x += stepX, looked++) {
      const spot = { x: Math.round(x), y: Math.round(y) }
      if (iconAt(icons, spot, node) === undefined) return spot
    }
  }
  return null
}

/** `GAP` to the right of `icon`, centred on it. */
function rightOf(icon: SceneNode, node: SceneNode): Vector {
  return { x: Math.round(icon.x + icon.width + GAP), y: Math.round(icon.y + (icon.height - node.height) / 2) }
}

/** `GAP` under `icon`, lined up with its left edge. */
function belowOf(icon: SceneNode): Vector {
  return { x: Math.round(icon.x), y: Math.round(icon.y + icon.height + GAP) }
}

/** One of `icons` (the container's plugin icons; other layers, such as a card's background, may lie under it) that `node` placed at `at` would overlap. */
function iconAt(icons: readonly SceneNode[], at: Vector, node: SceneNode): SceneNode | undefined {
  const spot = { ...at, width: node.width, height: node.height }
  return icons.find((child) => overlaps(spot, child))
}

/**
 * Whether a frame's edges bound where icons go in it: a frame that clips its content cuts off what
 * lies past them, and one that does not draws it over whatever lies beside the frame (the next
 * button of a toolbar). A group grows to hold what it is given.
 */
function bounds(parent: IconParent | null): parent is IconParent & { readonly width: number; readonly height: number } {
  return parent !== null && 'clipsContent' in parent
}

/** Whether `node` placed at `at` lies within `parent`'s edges, where those bound it. */
function fitsIn(parent: IconParent, at: Vector, node: SceneNode): boolean {
  if (!bounds(parent)) return true
  return at.x >= 0 && at.y >= 0 && at.x + node.width <= parent.width && at.y + node.height <= parent.height
}

/**
 * On the page: beside `previous` (the icon inserted last) while it is still on the page and in
 * view, so repeated inserts line up instead of stacking on one spot; else at the viewport centre,
 * or beside the icon already there (one inserted before the plugin last closed).
 */
function placeOnPage(node: SceneNode, previous: SceneNode | null): void {
  // On this page itself: the last icon may be on a page the designer has since left.
  if (previous !== null && !previous.removed && previous.parent === figma.currentPage && inView(previous)) {
    placeBeside(node, previous)
    return
  }
  const { x, y } = figma.viewport.center
  const centred = { x: Math.round(x - node.width / 2), y: Math.round(y - node.height / 2) }
  // But the new icon itself: made on the page, it may already lie there.
  const there = iconAt(iconsIn(figma.currentPage, node), centred, node)
  if (there !== undefined) {
    placeBeside(node, there)
    return
  }
  figma.currentPage.appendChild(node)
  node.x = centred.x
  node.y = centred.y
}

function placeCentredIn(node: SceneNode, parent: IconParent): void {
  if (isAutoLayout(parent)) {
    parent.appendChild(node)
    return
  }
  // Read before appending: a group's bounds grow with its new child.
  const centre = centreInChildSpace(parent)
  const centred = { x: Math.round(centre.x - node.width / 2), y: Math.round(centre.y - node.height / 2) }
  // Never on top of an icon already there (the frame selected again): beside it, as on the page, or
  // where besideSpot finds room, unless the frame is full.
  const there = iconAt(iconsIn(parent, node), centred, node)
  const spot = there === undefined ? centred : (besideSpot(parent, there, node) ?? centred)
  parent.appendChild(node)
  node.x = spot.x
  node.y = spot.y
}

/**
 * Several new icons side by side, the row centred where one icon would be (the viewport centre,
 * or the centre of the selected container), `GAP` apart, as one insert after another is. In a
 * frame (see bounds), the row wraps into lines the frame's width holds, from its top
 * when they are taller than it, so as many as fit are in sight. Where the row would lie on icons
 * already in the container (the frame selected again), each goes to a free spot, as one insert does;
 * on the page, the row goes under them.
 */
function placeRow(nodes: readonly SceneNode[], parent: IconParent | null): void {
  // The gap single inserts leave, so a row and the icons inserted after it line up evenly.
  const gap = GAP
  const bounded = bounds(parent)
  const lines = inLines(nodes, gap, bounded ? parent.width - 2 * gap : Infinity)
  const lineHeight = (line: readonly SceneNode[]) => Math.max(...line.map((node) => node.height))
  const height = lines.reduce((sum, line) => sum + lineHeight(line), 0) + gap * (lines.length - 1)
  const centre = parent === null ? figma.viewport.center : centreInChildSpace(parent)
  let y = bounded && height > parent.height - 2 * gap ? gap : centre.y - height / 2
  const row: Array<{ node: SceneNode; at: Vector }> = []
  for (const line of lines) {
    const width = line.reduce((sum, node) => sum + node.width, 0) + gap * (line.length - 1)
    let x = Math.round(centre.x - width / 2)
    for (const node of line) {
      row.push({ node, at: { x, y: Math.round(y + (lineHeight(line) - node.height) / 2) } })
      x += node.width + gap
    }
    y += lineHeight(line) + gap
  }
  // But the new icons themselves: made on the page, they may already lie where the row goes.
  const icons = iconsIn(parent ?? figma.currentPage).filter((icon) => !nodes.includes(icon))
  // On the page (nothing selected, the same view), a second batch goes under the first, whole.
  if (parent === null) clearOf(row, icons, gap)
  const covers = row.some(({ node, at }) => iconAt(icons, at, node) !== undefined)
  for (const { node, at } of row) {
    const spot = parent !== null && covers ? (freeSpotIn(parent, icons, node) ?? at) : at
    ;(parent ?? figma.currentPage).appendChild(node)
    node.x = spot.x
    node.y = spot.y
    icons.push(node)
  }
}

/** Moves the row down, whole, until it lies on none of `icons`: under the lowest of those it lies on, `gap` apart. */
function clearOf(row: Array<{ node: SceneNode; at: Vector }>, icons: readonly SceneNode[], gap: number): void {
  // Each move takes the row past at least one icon it lay on, so it ends within one move per icon.
  for (let moves = 0; moves <= icons.length; moves++) {
    const under = row.flatMap(({ node, at }) => iconAt(icons, at, node) ?? [])
    if (under.length === 0) return
    const by = Math.round(Math.max(...under.map((icon) => icon.y + icon.height)) + gap - Math.min(...row.map(({ at }) => at.y)))
    for (const entry of row) entry.at = { ...entry.at, y: entry.at.y + by }
  }
}

/** The nodes in lines no wider than `room`, `gap` apart, each holding one node at least. */
function inLines(nodes: readonly SceneNode[], gap: number, room: number): SceneNode[][] {
  const lines: SceneNode[][] = []
  let width = 0
  for (const node of nodes) {
    const line = lines[lines.length - 1]
    if (line !== undefined && width + gap + node.width <= room) {
      line.push(node)
      width += gap + node.width
    } else {
      lines.push([node])
      width = node.width
    }
  }
  return lines
}

/**
 * A GRID whose children keep their cells: a new child takes the first free one, whatever its layer
 * index (https://developers.figma.com/docs/plugins/api/properties/nodes-griditemspositioning/).
 */
function keepsCells(parent: IconParent): boolean {
  return 'gridItemsPositioning' in parent && parent.layoutMode === 'GRID' && parent.gridItemsPositioning === 'MANUAL'
}

/**
 * Centres the node on an absolute canvas point inside `parent`; in auto-layout, at the nearest slot,
 * but in a grid whose children keep their cells, in the first free cell, as appendChild puts it.
 */
export function placeAtPoint(node: SceneNode, parent: IconParent, absolute: Vector): void {
  const local = toChildSpace(parent, absolute)
  if (isAutoLayout(parent)) {
    if (keepsCells(parent)) parent.appendChild(node)
    else parent.insertChild(isGrid(parent) ? gridFlowIndexAt(parent, local) : flowIndexAt(parent, local), node)
    return
  }
  parent.appendChild(node)
  node.x = Math.round(local.x - node.width / 2)
  node.y = Math.round(local.y - node.height / 2)
}

/** Several icons dropped together: the first as one drop goes (placeAtPoint), the others after it in order, as inserts beside an icon go. */
export function placeRowAtPoint(nodes: readonly SceneNode[], parent: IconParent, absolute: Vector): void {
  const [first, ...others] = nodes
  if (first === undefined) return
  placeAtPoint(first, parent, absolute)
  others.reduce<SceneNode>((before, node) => (placeBeside(node, before), node), first)
}

function centreInChildSpace(parent: IconParent): Vector {
  if (parent.type === 'GROUP') return { x: parent.x + parent.width / 2, y: parent.y + parent.height / 2 }
  if ('width' in parent && 'height' in parent) return { x: parent.width / 2, y: parent.height / 2 }
  return figma.viewport.center
}

/** The absolute transform children's x/y are measured in: the nearest non-group ancestor's. */
function childSpace(parent: BaseNode): Transform {
  let space: BaseNode | null = parent
  while (space !== null && space.type === 'GROUP') space = space.parent
  if (space === null || !('absoluteTransform' in space)) {
    return [
      [1, 0, 0],
      [0, 1, 0]
    ]
  }
  return space.absoluteTransform
}

/** A point in `parent`'s children's coordinates, back on the canvas. */
export function fromChildSpace(parent: IconParent, local: Vector): Vector {
  const [[a, c, e], [b, d, f]] = childSpace(parent)
  return { x: a * local.x + c * local.y + e, y: b * local.x + d * local.y + f }
}

export function toChildSpace(parent: IconParent, point: Vector): Vector {
  const [[a, c, e], [b, d, f]] = childSpace(parent)
  const det = a * d - b * c
  const dx = point.x - e
  const dy = point.y - f
  return { x: (d * dx - c * dy) / det, y: (a * dy - b * dx) / det }
}

function isAbsolute(child: SceneNode): boolean {
  return 'layoutPositioning' in child && child.layoutPositioning === 'ABSOLUTE'
}

/** Children that auto-layout places: hidden and absolutely positioned ones take no space. */
function isFlowing(child: SceneNode): boolean {
  return child.visible && !isAbsolute(child)
}

function isGrid(parent: IconParent): parent is FrameNode {
  return 'layoutMode' in parent && parent.layoutMode === 'GRID'
}

/** One axis of a frame: where a child starts along it, and its size along it. */
interface Axis {
  at: 'x' | 'y'
  size: 'width' | 'height'
}
const X_AXIS: Axis = { at: 'x', size: 'width' }
const Y_AXIS: Axis = { at: 'y', size: 'height' }

const endOn = (child: SceneNode, axis: Axis): number => child[axis.at] + child[axis.size]

/**
 * A wrapping frame's flowing children in lines: a line ends where a child starts past the far edge
 * of every child in it, across the frame (`cross`). Rows of a horizontal frame, columns of a
 * vertical one: layoutWrap applies to both (AutoLayoutMixin.layoutWrap in the typings).
 */
function linesOf(flowing: SceneNode[], cross: Axis): SceneNode[][] {
  const lines: SceneNode[][] = []
  let far = -Infinity
  for (const child of flowing) {
    const line = lines[lines.length - 1]
    if (line === undefined || child[cross.at] >= far) {
      lines.push([child])
      far = endOn(child, cross)
    } else {
      line.push(child)
      far = Math.max(far, endOn(child, cross))
    }
  }
  return lines
}

/**
 * The index Figma gives a node dropped at a point in an auto-layout frame: in the line under the
 * point (the first whose far edge is past it: a row of a horizontal frame, a column of a vertical
 * one), before the first child whose centre is past it, or after the line's last child. Indexes
 * count every child, hidden and absolute ones included.
 */
function flowIndexAt(parent: IconParent, local: Vector): number {
  const vertical = 'layoutMode' in parent && parent.layoutMode === 'VERTICAL'
  const [main, cross] = vertical ? [Y_AXIS, X_AXIS] : [X_AXIS, Y_AXIS]
  const flowing = parent.children.filter(isFlowing)
  if (flowing.length === 0) return parent.children.length
  const lines = 'layoutWrap' in parent && parent.layoutWrap === 'WRAP' ? linesOf(flowing, cross) : [flowing]
  const line = lines.find((candidate) => local[cross.at] <= Math.max(...candidate.map((child) => endOn(child, cross)))) ?? (lines[lines.length - 1] as SceneNode[])
  const next = line.find((child) => child[main.at] + child[main.size] / 2 > local[main.at])
  if (next !== undefined) return parent.children.indexOf(next)
  return parent.children.indexOf(line[line.length - 1] as SceneNode) + 1
}

/**
 * Where a grid track ends, the gap after it included: where a child anchored in the next track
 * starts (a child sits at its cell's start unless aligned otherwise), the frame's inner edge after
 * the last track, and, where no child marks the next track (rows or columns left empty), an even
 * share of the room left from this track on, which is exact for equal FLEX tracks, Figma's default.
 */
function trackEnd(starts: ReadonlyMap<number, number>, anchor: number, count: number, innerEnd: number, gap: number): number {
  if (anchor + 1 >= count) return innerEnd
  const start = starts.get(anchor) ?? 0
  return starts.get(anchor + 1) ?? start + (innerEnd - start + gap) / (count - anchor)
}

/**
 * In a grid whose cells follow the layer order: before the first child whose anchor cell is at or
 * past the cell under the pointer, so that child moves along. Tracks may differ in size (FIXED, HUG,
 * spans), so their ends are read off the grid (trackEnd).
 */
function gridFlowIndexAt(grid: FrameNode, local: Vector): number {
  // A hidden child keeps its cell (Figma names no exception for one on its grid pages, and MANUAL
  // children "stay at the grid cell they are placed in"), so it counts; only an ABSOLUTE one leaves the grid.
  const flowing = grid.children.filter((child) => !isAbsolute(child)) as Array<SceneNode & GridChildrenMixin>
  const rowStarts = new Map(flowing.map((child) => [child.gridRowAnchorIndex, child.y]))
  const columnStarts = new Map(flowing.map((child) => [child.gridColumnAnchorIndex, child.x]))
  const rowEnd = (child: SceneNode & GridChildrenMixin) =>
    trackEnd(rowStarts, child.gridRowAnchorIndex, grid.gridRowCount, grid.height - grid.paddingBottom, grid.gridRowGap)
  const columnEnd = (child: SceneNode & GridChildrenMixin) =>
    trackEnd(columnStarts, child.gridColumnAnchorIndex, grid.gridColumnCount, grid.width - grid.paddingRight, grid.gridColumnGap)
  const next = flowing.find((child) => child.y > local.y || (local.y < rowEnd(child) && local.x < columnEnd(child)))
  return next === undefined ? grid.children.length : grid.children.indexOf(next)
}
