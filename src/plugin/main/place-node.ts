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

/** An instance's content is its component's: only its slots take new children. */
function isInInstance(node: BaseNode): boolean {
  for (let current: BaseNode | null = node; current !== null; current = current.parent) {
    if (current.type === 'SLOT') return false
    if (current.type === 'INSTANCE') return true
  }
  return false
}

/** True for nodes an icon may be put inside. */
function canHoldIcon(node: BaseNode): node is IconParent {
  return (FRAME_LIKE.has(node.type) || node.type === 'GROUP') && !isPluginIcon(node) && !isInInstance(node)
}

export function isAutoLayout(parent: IconParent): boolean {
  return 'layoutMode' in parent && parent.layoutMode !== 'NONE'
}

/**
 * The container a selection asks for, or null for the viewport centre. A selected plugin icon
 * stands for its parent, so the new icon lands beside it; an instance offers its first slot.
 */
export function insertionParent(selection: readonly SceneNode[]): IconParent | null {
  const selected = selection[0]
  if (selected === undefined) return null
  if (isPluginIcon(selected)) {
    const parent = selected.parent
    return parent !== null && canHoldIcon(parent) ? parent : null
  }
  if (selected.type === 'INSTANCE') {
    const slot = selected.findAll((node) => node.type === 'SLOT')[0]
    return slot !== undefined && canHoldIcon(slot) ? slot : null
  }
  return canHoldIcon(selected) ? selected : null
}

/**
 * Figma's drop target is the node under the cursor; an icon goes into the nearest container
 * around it that is neither a plugin icon nor inside one, else onto the page.
 */
export function dropParent(target: BaseNode): IconParent {
  let candidate: BaseNode | null = target
  let chosen: IconParent | null = null
  for (; candidate !== null && candidate.type !== 'PAGE' && candidate.type !== 'DOCUMENT'; candidate = candidate.parent) {
    if (isPluginIcon(candidate)) chosen = null
    else if (chosen === null && canHoldIcon(candidate)) chosen = candidate
  }
  return chosen ?? figma.currentPage
}

export function placeAtViewportCentre(node: SceneNode): void {
  const { x, y } = figma.viewport.center
  figma.currentPage.appendChild(node)
  node.x = Math.round(x - node.width / 2)
  node.y = Math.round(y - node.height / 2)
}

export function placeCentredIn(node: SceneNode, parent: IconParent): void {
  if (isAutoLayout(parent)) {
    parent.appendChild(node)
    return
  }
  // Read before appending: a group's bounds grow with its new child.
  const centre = centreInChildSpace(parent)
  parent.appendChild(node)
  node.x = Math.round(centre.x - node.width / 2)
  node.y = Math.round(centre.y - node.height / 2)
}

/**
 * Several new icons side by side, the row centred where one icon would be (the viewport centre,
 * or the centre of the selected container), a gap of half the tallest icon between them.
 */
export function placeRow(nodes: readonly SceneNode[], parent: IconParent | null): void {
  const gap = Math.max(4, Math.round(Math.max(...nodes.map((node) => node.height)) / 2))
  const width = nodes.reduce((sum, node) => sum + node.width, 0) + gap * (nodes.length - 1)
  const centre = parent === null ? figma.viewport.center : centreInChildSpace(parent)
  let x = Math.round(centre.x - width / 2)
  for (const node of nodes) {
    ;(parent ?? figma.currentPage).appendChild(node)
    node.x = x
    node.y = Math.round(centre.y - node.height / 2)
    x += node.width + gap
  }
}

/** Centres the node on an absolute canvas point inside `parent`; in auto-layout, at the nearest slot. */
export function placeAtPoint(node: SceneNode, parent: IconParent, absolute: Vector): void {
  const local = toChildSpace(parent, absolute)
  if (isAutoLayout(parent)) {
    parent.insertChild(flowIndexAt(parent, local), node)
    return
  }
  parent.appendChild(node)
  node.x = Math.round(local.x - node.width / 2)
  node.y = Math.round(local.y - node.height / 2)
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

function toChildSpace(parent: IconParent, point: Vector): Vector {
  const [[a, c, e], [b, d, f]] = childSpace(parent)
  const det = a * d - b * c
  const dx = point.x - e
  const dy = point.y - f
  return { x: (d * dx - c * dy) / det, y: (a * dy - b * dx) / det }
}

/** The child index whose gap is nearest the point, along an auto-layout frame's main axis. */
function flowIndexAt(parent: IconParent, local: Vector): number {
  const horizontal = 'layoutMode' in parent && parent.layoutMode === 'HORIZONTAL'
  const before = parent.children.filter((child) => {
    const centre = horizontal ? child.x + child.width / 2 : child.y + child.height / 2
    return centre < (horizontal ? local.x : local.y)
  })
  const last = before[before.length - 1]
  return last === undefined ? 0 : parent.children.indexOf(last) + 1
}
