/**
 * Insert as component: a local component made once per icon, style and size, reused on the next
 * insert; the canvas gets instances of it, each wearing its own colour, stroke width
 * and file colour as overrides (instance-look.ts), so recolouring makes no second component. The
 * components live together on a page of their own, "Icons", laid out in rows: where design-system
 * files keep components, out of the way of the designer's frames, and shown in the Assets panel in
 * folders by their names (`lucide/house/24 · outline`). A file that may have no more pages (Figma's
 * Starter plan allows 3: PluginAPI.createPage in the typings) keeps them in an "Icons" section
 * instead, beside the designs on the page the first one was made on. The page, the section and the
 * components are found again by shared plugin data, so a designer may rename or reorder them.
 *
 * Under `documentAccess: dynamic-page` the Icons page is loaded before it is searched or written
 * (https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/), as is the section's.
 */
import type { IconPayload, OutlinedLines, PlacedIcon, RecordedIcon } from '../../api/plugin-protocol'
import { wideningOf } from '../shared/stroke-widths'
import { followingName, iconNodeName, readIconData, writeIconData, writeIconDataAsDrawn } from './icon-plugin-data'
import { DATA_NAMESPACE } from './shared-data'
import { createIconNode, orRemove } from './insert-icon'
import { dressInstance } from './instance-look'
import { drawingPaintedLayers } from './painted-layers'
import { bindWideningToFillStyles, shownStrokeWidth, widenOutlines, withRecordedOutline } from './stroke-width'
import { pageOf } from './place-node'
import { documentChanging } from './undo-step'

/** Marks the page that holds the components. */
const ICONS_PAGE_KEY = 'iconsPage'
/** On the document: the id of the section that holds them where no page could be made. */
const ICONS_SECTION_KEY = 'iconsSection'
/** On each component: which drawing it is (`componentKey`). */
const COMPONENT_KEY = 'component'
/** On each component: the family it was named by (IconPayload.family), '' for none. */
const FAMILY_KEY = 'family'

export const ICONS_PAGE_NAME = 'Icons'

/** Space between components on the Icons page, and how wide a row of them grows before wrapping. */
const GAP = 16
const ROW_WIDTH = 640
/** Inside the Icons section: room around the rows, and above them for the section's name. */
const SECTION_PADDING = 48
/** Between the designs on a page and the Icons section made beside them. */
const SECTION_OFFSET = 200

/** Where the components live. */
type IconsHome = PageNode | SectionNode

/** An icon on the canvas: a loose frame or an instance of its component. */
export type IconNode = FrameNode | InstanceNode

export type MakeIcon = (payload: IconPayload) => IconNode | Promise<IconNode>

/** The drawing a component is: instances of it differ only in colour, stroke width and file colour. */
export function componentKey(icon: Pick<PlacedIcon, 'iconset' | 'icon' | 'style' | 'size'>): string {
  return JSON.stringify([icon.iconset, icon.icon, icon.style, icon.size])
}

/** What a component's name says of its drawing. */
type ComponentNaming = Pick<PlacedIcon, 'iconset' | 'icon' | 'size' | 'style'>

/**
 * `{iconset}/{family}/{size} · {style}`: every size and style of an icon in one folder of the Assets
 * panel (`fluent/home/20 · outline`, not `fluent/home-20-regular/20 · outline`), by the drawing's own
 * name where the family is not known.
 */
export function componentName(icon: ComponentNaming, family?: string): string {
  return `${iconNodeName({ iconset: icon.iconset, icon: family ?? icon.icon })}/${icon.size} · ${icon.style}`
}

/**
 * The name a main component takes when it is redrawn as `after` (of `family`): the new drawing's,
 * when its name is the one the plugin gave `before` (by the family it records); null when it keeps
 * its name, as a designer's own always does.
 */
export function followingComponentName(component: ComponentNode, before: ComponentNaming, after: ComponentNaming, family: string | undefined): string | null {
  const given = componentName(before, component.getSharedPluginData(DATA_NAMESPACE, FAMILY_KEY) || undefined)
  return component.name === given ? componentName(after, family) : null
}

/** The look a component is drawn in: the first insert's colour, its strokes (or outlined lines) as drawn, bound to nothing. */
function drawnLook({ strokeWidth: _strokeWidth, binding: _binding, ...drawing }: PlacedIcon): PlacedIcon {
  return drawing
}

function isIconsPage(page: PageNode): boolean {
  return page.getSharedPluginData(DATA_NAMESPACE, ICONS_PAGE_KEY) !== ''
}

/** The Icons page or section, made on first use, loaded. */
async function iconsHome(): Promise<IconsHome> {
  const home = figma.root.children.find(isIconsPage) ?? (await iconsSection()) ?? makeIconsHome()
  await pageOf(home)?.loadAsync()
  return home
}

/** The Icons section made before, unless it has gone. */
async function iconsSection(): Promise<SectionNode | null> {
  const id = figma.root.getSharedPluginData(DATA_NAMESPACE, ICONS_SECTION_KEY)
  const node = id === '' ? null : await figma.getNodeByIdAsync(id)
  return node?.type === 'SECTION' ? node : null
}

/** A new Icons page; a new Icons section where Figma refuses another page. */
function makeIconsHome(): IconsHome {
  let page: PageNode
  try {
    page = figma.createPage()
  } catch (error) {
    // Refused for the plan's page limit ("The Starter plan only comes with 3 pages", PluginAPI.createPage
    // in the typings), nothing was made: only once the section is made is there a change to undo.
    if (error instanceof Error && /\bpages\b/i.test(error.message)) return makeIconsSection()
    throw error
  }
  documentChanging()
  page.name = ICONS_PAGE_NAME
  page.setSharedPluginData(DATA_NAMESPACE, ICONS_PAGE_KEY, '1')
  return page
}

/** An Icons section on the current page, to the right of what is on it. */
function makeIconsSection(): SectionNode {
  const designs = figma.currentPage.children
  const section = figma.createSection()
  documentChanging()
  section.name = ICONS_PAGE_NAME
  figma.root.setSharedPluginData(DATA_NAMESPACE, ICONS_SECTION_KEY, section.id)
  if (designs.length > 0) {
    section.x = Math.max(...designs.map((node) => node.x + node.width)) + SECTION_OFFSET
    section.y = Math.min(...designs.map((node) => node.y))
  }
  return section
}

function isIconComponent(node: BaseNode): node is ComponentNode {
  return node.type === 'COMPONENT' && node.getSharedPluginData(DATA_NAMESPACE, COMPONENT_KEY) !== ''
}

/** Where the rows of components start: a section's name is drawn inside it, at its top left. */
function rowsOrigin(home: IconsHome): number {
  return home.type === 'SECTION' ? SECTION_PADDING : 0
}

/** The next free spot in the rows of components. */
function nextSpot(home: IconsHome, size: { width: number; height: number }): Vector {
  const origin = rowsOrigin(home)
  const placed = home.children.filter(isIconComponent)
  const last = placed[placed.length - 1]
  if (last === undefined) return { x: origin, y: origin }
  const x = last.x + last.width + GAP
  if (x + size.width <= origin + ROW_WIDTH) return { x, y: last.y }
  return { x: origin, y: Math.max(...placed.map((node) => node.y + node.height)) + GAP }
}

/** A section does not grow with what is put in it: it is sized to hold its rows, and what else a designer put there. */
function fitSection(section: SectionNode): void {
  const right = Math.max(...section.children.map((node) => node.x + node.width))
  const bottom = Math.max(...section.children.map((node) => node.y + node.height))
  section.resizeWithoutConstraints(Math.max(section.width, right + SECTION_PADDING), Math.max(section.height, bottom + SECTION_PADDING))
}

/** Records the drawing on the component; its name is the caller's (a designer's name stays through a redraw). */
function tagComponent(component: ComponentNode, icon: PlacedIcon, family: string | undefined): void {
  component.setSharedPluginData(DATA_NAMESPACE, COMPONENT_KEY, componentKey(icon))
  component.setSharedPluginData(DATA_NAMESPACE, FAMILY_KEY, family ?? '')
  writeIconData(component, icon)
}

/** A new component for a drawing, at the end of the Icons page's or section's rows. */
function makeComponent(payload: IconPayload, home: IconsHome): ComponentNode {
  const icon = drawnLook(payload.icon)
  const frame = createIconNode({ ...payload, icon })
  const component = orRemove(frame, () => figma.createComponentFromNode(frame))
  orRemove(component, () => {
    component.name = componentName(icon, payload.family)
    tagComponent(component, icon, payload.family)
    const spot = nextSpot(home, component)
    home.appendChild(component)
    component.x = spot.x
    component.y = spot.y
    if (home.type === 'SECTION') fitSection(home)
  })
  documentChanging()
  return component
}

/** The component for a drawing: the one made before, else a new one. */
export async function iconComponent(payload: IconPayload): Promise<ComponentNode> {
  const home = await iconsHome()
  const key = componentKey(payload.icon)
  // findAllWithCriteria: Figma finds nodes by type and plugin data keys without a callback into the
  // plugin per node (ChildrenMixin.findAllWithCriteria in the typings).
  const found = home
    .findAllWithCriteria({ types: ['COMPONENT'], sharedPluginData: { namespace: DATA_NAMESPACE, keys: [COMPONENT_KEY] } })
    .find((node) => node.getSharedPluginData(DATA_NAMESPACE, COMPONENT_KEY) === key)
  return found ?? makeComponent(payload, home)
}

/**
 * A new instance of the drawing's component, on the current page, in the icon's look and carrying
 * its identity. Its file colour is bound by the caller, as for a loose icon (bindIconColor).
 */
export async function createIconInstance(payload: IconPayload): Promise<InstanceNode> {
  const component = await iconComponent(payload)
  const instance = component.createInstance()
  return orRemove(instance, () => {
    instance.name = iconNodeName(payload.icon)
    // An insert's colour is the toolbar's, always set: a multicolour icon is inserted as drawn.
    dressInstance(instance, component, payload.icon, false)
    writeIconData(instance, instanceRecord(component, payload.icon))
    return instance
  })
}

export function iconMaker(asComponent: boolean | undefined): MakeIcon {
  return asComponent === true ? createIconInstance : createIconNode
}

/**
 * An instance swapped to the component of its new look (made if needed), where it is; a multicolour
 * drawing painted in the look's colour when `paintMulticolor`.
 */
export async function swapInstance(instance: InstanceNode, payload: IconPayload, paintMulticolor: boolean): Promise<() => void> {
  const component = await iconComponent(payload)
  return () => {
    const { x, y } = instance
    instance.swapComponent(component)
    instance.x = x
    instance.y = y
    dressInstance(instance, component, payload.icon, paintMulticolor)
    writeIconData(instance, instanceRecord(component, payload.icon))
  }
}

/**
 * Redrawn larger in place, a component would cover its neighbours in the rows: the components after
 * it in its row move right by what it grew in width, and those in the rows below move down by what
 * its row grew in height. Nothing moves back when it shrinks, so a designer's arrangement is kept
 * apart from the gap.
 */
function makeRoom(component: ComponentNode, before: { width: number; height: number }): void {
  const home = component.parent
  if (home === null || (home.type !== 'PAGE' && home.type !== 'SECTION')) return
  const others = home.children.filter((node): node is ComponentNode => node !== component && isIconComponent(node))
  const top = component.y
  const oldBottom = top + before.height
  const inRow = (node: ComponentNode): boolean => node.y < oldBottom && node.y + node.height > top
  const rowBottom = Math.max(oldBottom, ...others.filter(inRow).map((node) => node.y + node.height))
  const wider = component.width - before.width
  const taller = top + component.height - rowBottom
  for (const node of others) {
    if (wider > 0 && inRow(node) && node.x >= component.x + before.width) node.x += wider
    else if (taller > 0 && node.y >= rowBottom) node.y += taller
  }
}

/** An instance's stroke width after its component was redrawn: the override it shows, else the component's. */
function shownOrComponent(instance: InstanceNode, drawnStroke: number | undefined, componentStroke: number | undefined): number | undefined {
  const shown = shownStrokeWidth(instance)
  return shown !== undefined && shown !== drawnStroke ? shown : componentStroke
}

/**
 * An instance's own stroke width on a component of outlined lines, redrawn, or undefined where it
 * follows the component's (`following`, see instancesFollowing). Either way its widening, which may
 * be an override the redraw did not rescale, or the component's in the component's colour, is made
 * again in its own fills for the width it shows at the lines' new width.
 */
async function keptOnOutlines(
  instance: InstanceNode,
  component: ComponentNode,
  { recorded, following, componentStroke }: { recorded: RecordedIcon; following: boolean; componentStroke: number | undefined },
  outline: OutlinedLines
): Promise<number | undefined> {
  const own = following ? undefined : recorded.strokeWidth
  const width = own ?? componentStroke
  const layers = drawingPaintedLayers(instance)
  widenOutlines(layers, width === undefined ? 0 : wideningOf(width, outline.width), outline.join, drawingPaintedLayers(component))
  await bindWideningToFillStyles(layers)
  return own
}

/** A component's instance, and whether it shows the component's stroke width rather than one of its own (componentInstances). */
export interface ComponentInstance {
  node: InstanceNode
  following: boolean
}

/**
 * The component's instances, each saying whether it follows the component's stroke width: whether
 * its record reads the component's, as it does where it records none ("getPluginData and
 * getSharedPluginData ... inherit from components when accessed from an instance",
 * https://developers.figma.com/docs/plugins/updates/page/12/). Read before the component is
 * redrawn, as its record changes with it.
 */
export async function componentInstances(component: ComponentNode): Promise<ComponentInstance[]> {
  const width = readIconData(component)?.strokeWidth
  return (await component.getInstancesAsync()).map((node) => ({ node, following: readIconData(node)?.strokeWidth === width }))
}

/**
 * The icon an instance records: without a stroke width where it is the component's, so that it
 * follows the component's, its record inheriting it.
 */
function instanceRecord(component: ComponentNode, look: PlacedIcon): PlacedIcon {
  const { strokeWidth, ...rest } = look
  return strokeWidth === undefined || strokeWidth === readIconData(component)?.strokeWidth ? rest : look
}

/**
 * A main component that was changed in place now draws another look: it says so, its neighbours
 * make room for it and its Icons section still holds it, and so do its instances, which followed
 * it, each in the colour and stroke width it shows: its own where a rescale kept its override, the
 * component's where the new drawing replaced the layers the override was on. `family` is the new
 * drawing's (IconPayload.family); `before` is its size before the change, `instances` its instances
 * as they were then (componentInstances).
 */
export async function retagComponent(
  component: ComponentNode,
  icon: PlacedIcon,
  family: string | undefined,
  before: { width: number; height: number },
  instances: readonly ComponentInstance[]
): Promise<void> {
  tagComponent(component, icon, family)
  makeRoom(component, before)
  if (component.parent?.type === 'SECTION') fitSection(component.parent)
  const { strokeWidth: componentStroke, ...look } = icon
  const drawnStroke = shownStrokeWidth(component)
  for (const { node: instance, following } of instances) {
    const before = readIconData(instance)
    if (before === null) continue
    const renamed = followingName<Pick<PlacedIcon, 'iconset' | 'icon'>>(instance.name, before, icon, iconNodeName)
    if (renamed !== null) instance.name = renamed
    const outline = withRecordedOutline(icon, before).outline
    const strokeWidth =
      outline === undefined
        ? shownOrComponent(instance, drawnStroke, componentStroke)
        : await keptOnOutlines(instance, component, { recorded: before, following, componentStroke }, outline)
    writeIconDataAsDrawn(instance, { ...look, ...(strokeWidth === undefined ? {} : { strokeWidth }) })
  }
}
